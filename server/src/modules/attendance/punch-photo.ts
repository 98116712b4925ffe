import fs from 'node:fs';
import path from 'node:path';
import type { Ctx } from '../../context.ts';
import { notFound } from '../../http/problem.ts';
import { findPunchPhoto } from './repo/punches.ts';
import { employeeInScope, requireAny } from './scope.ts';

export interface PunchPhoto {
  contentType: 'image/jpeg' | 'image/png';
  bytes: Buffer;
}

/**
 * The photo a terminal took with a punch, for someone who may see the
 * employee's attendance (an unmatched punch: whoever manages terminals or
 * attendance). Photos lie under the data folder, where ingest stored them.
 */
export async function punchPhoto(ctx: Ctx, input: { punchId: string; dataDir: string }): Promise<PunchPhoto> {
  const punch = await findPunchPhoto(ctx.db, input.punchId);
  if (!punch?.photo_path) throw notFound('Photo');
  if (punch.employee_id) await employeeInScope(ctx, punch.employee_id);
  else requireAny(ctx, ['device:manage', 'attendance:manage']);
  const file = path.join(input.dataDir, punch.photo_path);
  if (!fs.existsSync(file)) throw notFound('Photo');
  return { contentType: file.endsWith('.png') ? 'image/png' : 'image/jpeg', bytes: fs.readFileSync(file) };
}
