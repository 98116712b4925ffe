import { fitText, pdfText, scriptText } from './fonts.ts';

/**
 * Charts for PDF exports, drawn as pdfkit vectors (no raster, no browser):
 * bars (grouped or stacked) or lines over categories, with a value axis of
 * round steps, gridlines, a legend and category labels thinned to fit.
 */

/** A chart drawn with the table: bars (grouped or stacked) or lines over categories. */
export interface TableChart {
  type: 'bar' | 'line';
  title: string;
  categories: readonly string[];
  /** A null value is a gap (a line breaks there; no bar). */
  series: readonly { label: string; color: string; values: readonly (number | null)[] }[];
  stacked?: boolean;
  unit?: string | null;
}

type Doc = PDFKit.PDFDocument;

export interface ChartBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A round axis top and step for values up to `max` (1, 2, 2.5 or 5 times a power of ten). */
export function niceScale(max: number, ticks = 4): { top: number; step: number } {
  if (!(max > 0)) return { top: 1, step: 0.25 };
  const raw = max / ticks;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  return { top: Math.ceil(max / step - 1e-9) * step, step };
}

function formatTick(v: number, unit: string | null | undefined): string {
  const text = Math.abs(v) >= 1000 ? v.toLocaleString('en-IN', { maximumFractionDigits: 0 }) : String(Math.round(v * 100) / 100);
  return unit === '%' ? `${text}%` : text;
}

/** The largest value the axis must reach: the tallest stack, or the largest single value. */
function peak(chart: TableChart): number {
  let max = 0;
  for (let i = 0; i < chart.categories.length; i++) {
    if (chart.type === 'bar' && chart.stacked) {
      max = Math.max(max, chart.series.reduce((s, x) => s + Math.max(0, x.values[i] ?? 0), 0));
    } else {
      for (const s of chart.series) max = Math.max(max, s.values[i] ?? 0);
    }
  }
  return max;
}

/** Title on the first line, the legend right-aligned under it (wrapping when long); returns the y below them. */
function drawTitleAndLegend(doc: Doc, chart: TableChart, box: ChartBox): number {
  const { x, y, width } = box;
  const st = scriptText(doc);
  doc.fillColor('#1b2a4a');
  st.draw(fitText(pdfText(chart.title + (chart.unit ? ` (${chart.unit})` : '')), width - 16, (s) => st.width(s, 9, 'bold')), x + 8, y + 6, 9, 'bold');
  let lx = x + width - 8;
  let ly = y + 19;
  for (const s of [...chart.series].reverse()) {
    const text = pdfText(s.label);
    const w = st.width(text, 7) + 14;
    if (lx - w < x + 8) {
      lx = x + width - 8;
      ly += 10;
    }
    lx -= w;
    doc.rect(lx, ly + 1, 7, 7).fill(s.color);
    doc.fillColor('#333333');
    st.draw(text, lx + 10, ly, 7);
    lx -= 6;
  }
  return ly + 18;
}

/** Draws one chart inside the box. */
export function drawChart(doc: Doc, chart: TableChart, box: ChartBox): void {
  const { x, y, width, height } = box;
  doc.save();
  doc.rect(x, y, width, height).lineWidth(0.5).strokeColor('#d5dbe5').stroke();
  const plotTop = drawTitleAndLegend(doc, chart, box);

  const n = chart.categories.length;
  const { top, step } = niceScale(peak(chart));
  const st = scriptText(doc);
  const label = (s: string) => st.width(s, 7);
  const tickWidth = Math.max(...Array.from({ length: Math.round(top / step) + 1 }, (_, i) => label(formatTick(i * step, chart.unit))));
  const plot = { left: x + 10 + tickWidth, right: x + width - 10, top: plotTop, bottom: y + height - 18 };
  const plotHeight = plot.bottom - plot.top;
  const plotWidth = plot.right - plot.left;
  const yOf = (v: number) => plot.bottom - (Math.max(0, v) / top) * plotHeight;

  // Gridlines and the value axis.
  for (let v = 0; v <= top + 1e-9; v += step) {
    const gy = yOf(v);
    doc.moveTo(plot.left, gy).lineTo(plot.right, gy).lineWidth(0.4).strokeColor(v === 0 ? '#8a94a6' : '#e3e7ee').stroke();
    const tick = formatTick(v, chart.unit);
    doc.fillColor('#666666');
    st.draw(tick, x + 6 + tickWidth - label(tick), gy - 3.5, 7);
  }
  if (n === 0) {
    const none = 'No data for this period.';
    doc.fillColor('#888888');
    st.draw(none, plot.left + (plotWidth - st.width(none, 8)) / 2, plot.top + plotHeight / 2 - 4, 8);
    doc.restore();
    return;
  }

  const band = plotWidth / n;
  // Category labels: as many as fit side by side, evenly thinned.
  const categories = chart.categories.map(pdfText);
  const widest = Math.max(...categories.map(label));
  const every = Math.max(1, Math.ceil((widest + 4) / band));
  categories.forEach((c, i) => {
    if (i % every !== 0) return;
    const cx = plot.left + band * i + band / 2;
    doc.fillColor('#555555');
    st.draw(c, cx - label(c) / 2, plot.bottom + 4, 7);
  });

  if (chart.type === 'bar') {
    // Bars no wider than a hand's breadth, however few the categories.
    const groupWidth = Math.min(band * 0.72, 28 * Math.max(1, chart.stacked ? 1 : chart.series.length));
    const bars = chart.stacked ? 1 : Math.max(1, chart.series.length);
    const barWidth = groupWidth / bars;
    for (let i = 0; i < n; i++) {
      const left = plot.left + band * i + (band - groupWidth) / 2;
      let base = 0;
      chart.series.forEach((s, k) => {
        const v = Math.max(0, s.values[i] ?? 0);
        if (v === 0) return;
        if (chart.stacked) {
          doc.rect(left, yOf(base + v), groupWidth, yOf(base) - yOf(base + v)).fill(s.color);
          base += v;
        } else {
          doc.rect(left + barWidth * k, yOf(v), Math.max(0.8, barWidth - 0.6), plot.bottom - yOf(v)).fill(s.color);
        }
      });
    }
  } else {
    for (const s of chart.series) {
      const points = s.values.slice(0, n).map((v, i) => (v === null ? null : ([plot.left + band * i + band / 2, yOf(v)] as const)));
      // Runs of values between gaps, each its own polyline.
      let run: (readonly [number, number])[] = [];
      const flush = () => {
        const [first, ...rest] = run;
        if (first && rest.length) {
          doc.moveTo(first[0], first[1]);
          for (const [px, py] of rest) doc.lineTo(px, py);
          doc.lineWidth(1.4).strokeColor(s.color).stroke();
        }
        run = [];
      };
      for (const p of points) {
        if (p === null) flush();
        else run.push(p);
      }
      flush();
      if (n <= 40) for (const p of points) if (p) doc.circle(p[0], p[1], 1.8).fill(s.color);
    }
  }
  doc.restore();
}

/**
 * Draws charts from `y` down, `perRow` side by side, opening a new page when
 * the next row does not fit. Returns the y below the last row.
 */
export function drawCharts(doc: Doc, charts: readonly TableChart[], at: { x: number; y: number; width: number; perRow: number; height: number }): number {
  const gap = 10;
  const perRow = Math.max(1, at.perRow);
  const chartWidth = (at.width - gap * (perRow - 1)) / perRow;
  const bottom = doc.page.height - doc.page.margins.bottom;
  let y = at.y;
  for (let i = 0; i < charts.length; i += perRow) {
    if (y + at.height > bottom) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    charts.slice(i, i + perRow).forEach((chart, k) => drawChart(doc, chart, { x: at.x + k * (chartWidth + gap), y, width: chartWidth, height: at.height }));
    y += at.height + gap;
  }
  return y - gap;
}
