import { ZodError } from 'zod';
import { AppError } from '../../http/problem.ts';
import type { Logger } from '../../logger.ts';
import { BadCursor } from './cursor.ts';

/**
 * Tool errors come back to the model as tool results (`isError: true`) with
 * a sentence a person understands — never SQL, stacks, or ids without names.
 */

/** A refusal a tool words itself (an unknown name, an ambiguous one). */
export class ToolRefusal extends Error {}

/** Argument paths of the shared contracts, in the words of the tool's arguments. */
function argumentPath(path: string): string {
  return path.replace(/^(body|query|params)\./, '');
}

/** The sentence a model sees for an error thrown by a use case or a tool. */
export function toolErrorText(error: unknown, logger: Logger, tool: string): string {
  if (error instanceof ToolRefusal || error instanceof BadCursor) return error.message;
  if (error instanceof AppError) {
    const fields = (error.errors ?? []).map((f) => `${argumentPath(f.path)}: ${f.message}`);
    const detail = error.message.replace(/\b(body|query|params)\./g, '');
    const base = error.status === 404 ? `${detail.replace(/\.$/, '')} (or it is outside what you may see).` : detail;
    const extra = fields.length > 0 && !fields.every((f) => base.includes(f.split(': ')[1] ?? '')) ? ` (${fields.join('; ')})` : '';
    if (error.status === 403) return `Not allowed: ${base}${extra}`;
    return `${base}${extra}`;
  }
  if (error instanceof ZodError) {
    return `The arguments are not valid: ${error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`).join('; ')}.`;
  }
  logger.error({ err: error, tool }, 'agent tool failed');
  return 'Something went wrong on Muster\'s side while doing this. It has been logged; try again, or do it in the Muster console.';
}
