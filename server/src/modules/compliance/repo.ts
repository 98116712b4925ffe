import type { Db } from '../../context.ts';
import type { ComplianceAmendmentTable, ComplianceFiledFileTable, ComplianceFiledRegisterTable, ComplianceFilingTable } from '../../db/schema.ts';

/** Filed periods: the filing, its stored files, the filed registers' rows, and amendments found later. */

const FILING_COLUMNS = ['id', 'period', 'location_key', 'location_id', 'bundle_sha256', 'manifest', 'filed_by_user_id', 'filed_by_name', 'filed_at'] as const;

export async function insertFiling(db: Db, row: ComplianceFilingTable): Promise<void> {
  await db.insertInto('compliance_filing').values(row).execute();
}

export async function insertFiledFiles(db: Db, rows: ComplianceFiledFileTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 100) await db.insertInto('compliance_filed_file').values(rows.slice(i, i + 100)).execute();
}

export async function insertFiledRegisters(db: Db, rows: ComplianceFiledRegisterTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 100) await db.insertInto('compliance_filed_register').values(rows.slice(i, i + 100)).execute();
}

export async function findFiling(db: Db, period: string, locationKey: string): Promise<ComplianceFilingTable | undefined> {
  return db.selectFrom('compliance_filing').select(FILING_COLUMNS).where('period', '=', period).where('location_key', '=', locationKey).executeTakeFirst();
}

export async function findFilingById(db: Db, id: string): Promise<ComplianceFilingTable | undefined> {
  return db.selectFrom('compliance_filing').select(FILING_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function listFilings(db: Db, locationKey?: string): Promise<ComplianceFilingTable[]> {
  let q = db.selectFrom('compliance_filing').select(FILING_COLUMNS);
  if (locationKey) q = q.where('location_key', 'in', [locationKey, '*']);
  return q.orderBy('period', 'desc').orderBy('filed_at', 'desc').execute();
}

export async function filedFilesOf(db: Db, filingId: string): Promise<ComplianceFiledFileTable[]> {
  return db
    .selectFrom('compliance_filed_file')
    .select(['filing_id', 'name', 'register_key', 'profile', 'period', 'location_id', 'format', 'sha256', 'size_bytes', 'row_count', 'storage_path'])
    .where('filing_id', '=', filingId)
    .orderBy('name')
    .execute();
}

export async function countFiledFiles(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('compliance_filed_file')
    .select(['filing_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('filing_id')
    .execute();
  return new Map(rows.map((r) => [r.filing_id, Number(r.n)]));
}

export async function filedRegistersOf(db: Db, filingId: string): Promise<ComplianceFiledRegisterTable[]> {
  return db
    .selectFrom('compliance_filed_register')
    .select(['filing_id', 'register_key', 'profile', 'period', 'location_key', 'rows_sha256', 'rows_path', 'row_count'])
    .where('filing_id', '=', filingId)
    .execute();
}

/** Filed copies of one register (key, profile, period range) for a location, from a filing of that location or of the whole organisation. */
export async function findFiledRegister(db: Db, input: { key: string; profile: string; period: string; locationKey: string }) {
  return db
    .selectFrom('compliance_filed_register as r')
    .innerJoin('compliance_filing as f', 'f.id', 'r.filing_id')
    .select(['r.filing_id', 'r.register_key', 'r.profile', 'r.period', 'r.location_key', 'r.rows_sha256', 'r.rows_path', 'r.row_count', 'f.filed_at', 'f.filed_by_name'])
    .where('r.register_key', '=', input.key)
    .where('r.profile', '=', input.profile)
    .where('r.period', '=', input.period)
    .where('r.location_key', '=', input.locationKey)
    .orderBy('f.filed_at')
    .executeTakeFirst();
}

export async function findFiledFile(db: Db, input: { filingId: string; key: string; profile: string; period: string; locationId: string; format: string }) {
  return db
    .selectFrom('compliance_filed_file')
    .select(['name', 'sha256', 'size_bytes', 'storage_path', 'row_count'])
    .where('filing_id', '=', input.filingId)
    .where('register_key', '=', input.key)
    .where('profile', '=', input.profile)
    .where('period', '=', input.period)
    .where('location_id', '=', input.locationId)
    .where('format', '=', input.format)
    .executeTakeFirst();
}

/** Records an amendment unless the same differences were recorded already; true when it is new. */
export async function insertAmendment(db: Db, row: ComplianceAmendmentTable): Promise<boolean> {
  const r = await db
    .insertInto('compliance_amendment')
    .values(row)
    .onConflict((oc) => oc.columns(['filing_id', 'digest']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function amendmentsOf(db: Db, filingIds: readonly string[]) {
  if (filingIds.length === 0) return [];
  return db
    .selectFrom('compliance_amendment')
    .select(['id', 'filing_id', 'digest', 'rows_changed', 'summary', 'differences', 'detected_at'])
    .where('filing_id', 'in', [...filingIds])
    .orderBy('detected_at')
    .execute();
}
