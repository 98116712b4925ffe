import type { Ctx } from '../../context.ts';
import { emitEvent } from '../outbox/index.ts';

/** The webhook event of an employee change, with the employee as the public API returns them; inside the change's transaction. */
export async function emitEmployeeEvent(ctx: Ctx, type: 'employee.created' | 'employee.updated' | 'employee.exited', id: string): Promise<void> {
  const data = await ctx.links.publicApi.employee(ctx.db, id);
  if (data) await emitEvent(ctx, type, data);
}
