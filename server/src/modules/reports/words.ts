import { type Locale, hasOwnMessage, translatorFor } from '../../../../shared/i18n/index.ts';
import type { ReportCell, ReportChart, ReportRow } from '../../../../shared/reports.ts';
import { monthLabel } from './period.ts';

/**
 * The words a report writes into its cells, its totals row and its chart ("Total (12 employees)",
 * a regularization's kind, "Holiday: Diwali", the chart's title, a month) stay typed — a catalogue
 * key with its values — until a run is answered, and are then rendered in the reader's language,
 * the same for the JSON run and the exports. The English catalogue holds the words the reports
 * always wrote, and dates carry their English form, so English readers get the same bytes.
 */
export type Word =
  /**
   * `hr:reportWords.<key>`, or `labels:<key>` (an enum's label: one map for the whole product).
   * `asIs`: data standing for the key (a leave type the organisation named): English readers get
   * it unchanged, and so does a reader whose language lacks the key.
   */
  | { key: string; ns?: 'hr' | 'labels'; values?: Record<string, string | number | Word>; asIs?: string }
  /** A day or month written by `Intl` in the reader's language; `english` as the reports write it ("Nov 2026", "Mon", "25 Nov"). */
  | { date: string; as: 'month' | 'monthYear' | 'weekday' | 'dayMonth'; english: string };

export type RunCell = ReportCell | Word;
export type RunRow = Record<string, RunCell>;
export type RunChart = Omit<ReportChart, 'title' | 'categories' | 'series'> & {
  title: Word;
  categories: (string | Word)[];
  series: (Omit<ReportChart['series'][number], 'label'> & { label: string | Word })[];
};

/** A `hr:reportWords.*` message. */
export function word(key: string, values?: Record<string, string | number | Word>): Word {
  return values ? { key, values } : { key };
}

/** A cell as a chart's category: its word, or its text. */
export function textOf(cell: RunCell): string | Word {
  return cell !== null && typeof cell === 'object' ? cell : String(cell);
}

/** A month `YYYY-MM` in the reader's language: "Nov 2026" (or "Nov") in English. */
export function monthWord(month: string, withYear = true): Word {
  return { date: month, as: withYear ? 'monthYear' : 'month', english: monthLabel(month, withYear) };
}

/** An enum's label from the `labels` catalogue (`regularizationKind.OffZone`). */
export function labelWord(key: string, asIs?: string): Word {
  return asIs === undefined ? { key, ns: 'labels' } : { key, ns: 'labels', asIs };
}

const DATE_OPTIONS: Record<Extract<Word, { date: string }>['as'], Intl.DateTimeFormatOptions> = {
  month: { month: 'short' },
  monthYear: { month: 'short', year: 'numeric' },
  weekday: { weekday: 'short' },
  dayMonth: { day: 'numeric', month: 'short' },
};
const formats = new Map<string, Intl.DateTimeFormat>();

function dateIn(locale: Locale, day: string, as: keyof typeof DATE_OPTIONS): string {
  const id = `${locale}|${as}`;
  let f = formats.get(id);
  if (!f) {
    // Latin digits in every language (docs/i18n.md); UTC noon of the day is that day anywhere.
    f = new Intl.DateTimeFormat(`${locale}-u-nu-latn`, { ...DATE_OPTIONS[as], timeZone: 'UTC' });
    formats.set(id, f);
  }
  return f.format(new Date(`${day.length === 7 ? `${day}-01` : day}T12:00:00Z`));
}

/** A word in a language (English where that language lacks it). */
export function renderWord(locale: Locale, w: string | Word): string {
  if (typeof w === 'string') return w;
  if ('date' in w) return locale === 'en-IN' ? w.english : dateIn(locale, w.date, w.as);
  const ns = w.ns ?? 'hr';
  const path = ns === 'labels' ? w.key : `reportWords.${w.key}`;
  // Data is never parsed as a message (a name may hold ICU's braces): it is returned as it is.
  if (w.asIs !== undefined && (locale === 'en-IN' || !hasOwnMessage(locale, ns, path))) return w.asIs;
  const values: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(w.values ?? {})) values[k] = typeof v === 'object' ? renderWord(locale, v) : v;
  return translatorFor(locale)(`${ns}:${path}`, values);
}

/**
 * Renders a run's rows and chart in one language. Most words repeat (every row's leave type,
 * "Weekly off" on half the rows), so each distinct word is rendered once per run.
 */
export function runRenderer(locale: Locale): { row: (row: RunRow) => ReportRow; chart: (chart: RunChart) => ReportChart } {
  const seen = new Map<string, string>();
  const text = (w: string | Word): string => {
    if (typeof w === 'string') return w;
    const id = JSON.stringify(w);
    let out = seen.get(id);
    if (out === undefined) {
      out = renderWord(locale, w);
      seen.set(id, out);
    }
    return out;
  };
  return {
    row: (row) => {
      // A copy only where a word is replaced; keys keep their order, so the JSON answer keeps its bytes.
      let out: ReportRow | null = null;
      for (const key in row) {
        const v = row[key];
        if (v !== null && typeof v === 'object') {
          out ??= { ...row } as ReportRow;
          out[key] = text(v);
        }
      }
      return out ?? (row as ReportRow);
    },
    chart: (chart) => ({
      ...chart,
      title: text(chart.title),
      categories: chart.categories.map(text),
      series: chart.series.map((s) => ({ ...s, label: text(s.label) })),
    }),
  };
}

export function renderRow(locale: Locale, row: RunRow): ReportRow {
  return runRenderer(locale).row(row);
}

export function renderChart(locale: Locale, chart: RunChart): ReportChart {
  return runRenderer(locale).chart(chart);
}
