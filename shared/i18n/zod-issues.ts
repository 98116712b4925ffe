import type { z } from 'zod';
import type { Message } from './messages.ts';

/**
 * A zod issue as a `messages:field.*` catalogue message, for readers of another language: the
 * checks the contracts make (required, lengths, ranges, formats, options) each have one sentence.
 * English readers keep zod's own message word for word (what API clients have always read); an
 * issue a contract wrote itself (`refine` with its own words) has no message here and stays as
 * written.
 */
export function zodIssueText(issue: z.core.$ZodIssue): Message | undefined {
  switch (issue.code) {
    case 'invalid_type': {
      // Parsed issues carry no input (zod keeps it only with `reportInput`): then its own words say what came.
      const missing = 'input' in issue ? issue.input === undefined || issue.input === null : /received (undefined|null)$/.test(issue.message);
      return { id: missing ? 'field.required' : 'field.invalidType' };
    }
    case 'too_small': {
      const minimum = Number(issue.minimum);
      if (issue.origin === 'string') return minimum <= 1 ? { id: 'field.required' } : { id: 'field.tooShort', values: { minimum } };
      if (issue.origin === 'array' || issue.origin === 'set') return { id: 'field.tooFew', values: { minimum } };
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') return { id: issue.inclusive === false ? 'field.moreThan' : 'field.atLeast', values: { minimum } };
      return undefined;
    }
    case 'too_big': {
      const maximum = Number(issue.maximum);
      if (issue.origin === 'string') return { id: 'field.tooLong', values: { maximum } };
      if (issue.origin === 'array' || issue.origin === 'set') return { id: 'field.tooMany', values: { maximum } };
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') return { id: issue.inclusive === false ? 'field.lessThan' : 'field.atMost', values: { maximum } };
      return undefined;
    }
    case 'invalid_format':
      if (issue.format === 'email') return { id: 'field.email' };
      if (issue.format === 'date' || issue.format === 'datetime') return { id: 'field.date' };
      return { id: 'field.format' };
    case 'invalid_value':
      return { id: 'field.option' };
    case 'not_multiple_of':
      return { id: 'field.multipleOf', values: { divisor: Number(issue.divisor) } };
    case 'unrecognized_keys':
      return { id: 'field.unknownFields', values: { keys: issue.keys.join(', ') } };
    case 'custom': {
      // A contract's own check may name its sentence: `refine(…, { params: { text: { id, values } } })`.
      const text = (issue.params as { text?: Message } | undefined)?.text;
      return text && typeof text.id === 'string' ? text : undefined;
    }
    default:
      return undefined;
  }
}
