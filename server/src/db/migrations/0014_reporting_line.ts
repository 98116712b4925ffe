import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';

// Issue 18: the reporting line as a closure table, so "who is below whom" is a
// join on an index, never a recursive query per request. One row per
// (ancestor, descendant) pair at any depth, the employee itself included at
// depth 0 (a team scope is then "descendants of me"). Kept by triggers on
// employee, so every write — the employees use cases, an import, the demo
// seed, a plain statement in a test — keeps it exact; the triggers also refuse
// a manager change that would close a circle. Both foreign keys cascade, so the
// table versions (db/table-versions.ts) bump reporting_line with every write
// to employee and no cache can outlive a change of the line.
// Frozen once shipped.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reporting_line')
    .addColumn('ancestor_id', 'text', (c) => c.notNull().references('employee.id').onDelete('cascade'))
    .addColumn('descendant_id', 'text', (c) => c.notNull().references('employee.id').onDelete('cascade'))
    .addColumn('depth', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('reporting_line_pk', ['ancestor_id', 'descendant_id'])
    .execute();
  // The chain above someone (scope checks, "may this person decide").
  await db.schema.createIndex('reporting_line_descendant_ix').on('reporting_line').columns(['descendant_id', 'depth']).execute();
  // Counting open requests for a set of employees (the leave list's pending counts) reads this index alone.
  await db.schema.createIndex('leave_request_employee_status_ix').on('leave_request').columns(['employee_id', 'status']).execute();

  // Backfill: every employee's chain upwards. Depth-limited so a circle in old data fails the migration on the
  // primary key instead of recursing for ever (the use cases have always refused circles).
  await sql`
    INSERT INTO reporting_line (ancestor_id, descendant_id, depth)
    WITH RECURSIVE up(descendant_id, ancestor_id, depth) AS (
      SELECT id, id, 0 FROM employee
      UNION ALL
      SELECT up.descendant_id, e.manager_id, up.depth + 1
      FROM up JOIN employee e ON e.id = up.ancestor_id
      WHERE e.manager_id IS NOT NULL AND up.depth < 1000
    )
    SELECT ancestor_id, descendant_id, depth FROM up`.execute(db);

  if (isPostgres(db)) {
    await reportingLinePostgres(db);
    await leaveDayLoad(db);
    return;
  }

  // SQLite-only: trigger syntax (RAISE, NEW/OLD, WHEN). PostgreSQL has its trigger functions (reportingLinePostgres).

  // A new employee: its own row, then the reports already inserted with it (a multi-row INSERT may put a report
  // before its manager; foreign keys are checked at the end of the statement), then everyone above the manager
  // over the whole new subtree.
  await sql`
    CREATE TRIGGER reporting_line_insert AFTER INSERT ON employee
    BEGIN
      INSERT INTO reporting_line (ancestor_id, descendant_id, depth) VALUES (NEW.id, NEW.id, 0);
      INSERT INTO reporting_line (ancestor_id, descendant_id, depth)
        SELECT NEW.id, l.descendant_id, l.depth + 1
        FROM employee c JOIN reporting_line l ON l.ancestor_id = c.id
        WHERE c.manager_id = NEW.id AND c.id <> NEW.id;
      INSERT INTO reporting_line (ancestor_id, descendant_id, depth)
        SELECT a.ancestor_id, d.descendant_id, a.depth + d.depth + 1
        FROM reporting_line a, reporting_line d
        WHERE a.descendant_id = NEW.manager_id AND d.ancestor_id = NEW.id;
    END`.execute(db);

  // A circle (the new manager is the employee or someone below them) is refused before anything changes.
  await sql`
    CREATE TRIGGER reporting_line_no_circle BEFORE UPDATE OF manager_id ON employee
    WHEN NEW.manager_id IS NOT NULL
      AND EXISTS (SELECT 1 FROM reporting_line WHERE ancestor_id = NEW.id AND descendant_id = NEW.manager_id)
    BEGIN
      SELECT RAISE(ABORT, 'reporting line circle: the manager reports to this employee');
    END`.execute(db);

  // A move: cut the subtree from everyone above the old manager, then hang it under the new one (if any).
  await sql`
    CREATE TRIGGER reporting_line_move AFTER UPDATE OF manager_id ON employee
    WHEN OLD.manager_id IS NOT NEW.manager_id
    BEGIN
      DELETE FROM reporting_line
      WHERE descendant_id IN (SELECT descendant_id FROM reporting_line WHERE ancestor_id = NEW.id)
        AND ancestor_id IN (SELECT ancestor_id FROM reporting_line WHERE descendant_id = NEW.id AND ancestor_id <> NEW.id);
      INSERT INTO reporting_line (ancestor_id, descendant_id, depth)
        SELECT a.ancestor_id, d.descendant_id, a.depth + d.depth + 1
        FROM reporting_line a, reporting_line d
        WHERE a.descendant_id = NEW.manager_id AND d.ancestor_id = NEW.id;
    END`.execute(db);

  await leaveDayLoad(db);
}

/**
 * How many people are away on each date, per department (the leave context's
 * organisation and department figures), kept by triggers on leave_day and on
 * a department change, so a context reads a few rows per date whatever the
 * organisation's size. A person counts once a date however many leave_day rows
 * they have there (two half days). '' stands for "no department" (a key
 * column cannot hold NULL usefully). SQLite-only, like the triggers above.
 */
async function leaveDayLoad(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('leave_day_load')
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('department_id', 'text', (c) => c.notNull())
    .addColumn('people', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('leave_day_load_pk', ['date', 'department_id'])
    .execute();
  await sql`
    INSERT INTO leave_day_load (date, department_id, people)
    SELECT d.date, COALESCE(e.department_id, ''), COUNT(DISTINCT d.employee_id)
    FROM leave_day d JOIN employee e ON e.id = d.employee_id
    GROUP BY d.date, COALESCE(e.department_id, '')`.execute(db);
  if (isPostgres(db)) return leaveDayLoadPostgres(db);
  const add = (who: string, date: string) => sql.raw(`
      INSERT INTO leave_day_load (date, department_id, people)
        SELECT ${date}, COALESCE(e.department_id, ''), 1 FROM employee e WHERE e.id = ${who}
        ON CONFLICT (date, department_id) DO UPDATE SET people = people + 1;`);
  const remove = (who: string, date: string) => sql.raw(`
      UPDATE leave_day_load SET people = people - 1
        WHERE date = ${date} AND department_id = (SELECT COALESCE(department_id, '') FROM employee WHERE id = ${who});`);
  await sql`
    CREATE TRIGGER leave_day_load_insert AFTER INSERT ON leave_day
    WHEN NOT EXISTS (SELECT 1 FROM leave_day WHERE employee_id = NEW.employee_id AND date = NEW.date AND request_id <> NEW.request_id)
    BEGIN ${add('NEW.employee_id', 'NEW.date')} END`.execute(db);
  await sql`
    CREATE TRIGGER leave_day_load_delete AFTER DELETE ON leave_day
    WHEN NOT EXISTS (SELECT 1 FROM leave_day WHERE employee_id = OLD.employee_id AND date = OLD.date)
    BEGIN ${remove('OLD.employee_id', 'OLD.date')} END`.execute(db);
  // leave_day rows are inserted and deleted, not re-dated; a statement that does move one is still counted right.
  await sql`
    CREATE TRIGGER leave_day_load_move_out AFTER UPDATE OF employee_id, date ON leave_day
    WHEN (OLD.employee_id IS NOT NEW.employee_id OR OLD.date IS NOT NEW.date)
      AND NOT EXISTS (SELECT 1 FROM leave_day WHERE employee_id = OLD.employee_id AND date = OLD.date)
    BEGIN ${remove('OLD.employee_id', 'OLD.date')} END`.execute(db);
  await sql`
    CREATE TRIGGER leave_day_load_move_in AFTER UPDATE OF employee_id, date ON leave_day
    WHEN (OLD.employee_id IS NOT NEW.employee_id OR OLD.date IS NOT NEW.date)
      AND NOT EXISTS (SELECT 1 FROM leave_day WHERE employee_id = NEW.employee_id AND date = NEW.date AND request_id <> NEW.request_id)
    BEGIN ${add('NEW.employee_id', 'NEW.date')} END`.execute(db);
  // Someone changes department: their days away move with them.
  await sql`
    CREATE TRIGGER leave_day_load_department AFTER UPDATE OF department_id ON employee
    WHEN OLD.department_id IS NOT NEW.department_id
    BEGIN
      UPDATE leave_day_load SET people = people - 1
        WHERE department_id = COALESCE(OLD.department_id, '') AND date IN (SELECT date FROM leave_day WHERE employee_id = NEW.id);
      INSERT INTO leave_day_load (date, department_id, people)
        SELECT DISTINCT date, COALESCE(NEW.department_id, ''), 1 FROM leave_day WHERE employee_id = NEW.id
        ON CONFLICT (date, department_id) DO UPDATE SET people = people + 1;
    END`.execute(db);
}

/** The three reporting-line triggers as PL/pgSQL: the same statements, the WHEN subqueries moved into the bodies. */
async function reportingLinePostgres(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION reporting_line_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO reporting_line (ancestor_id, descendant_id, depth) VALUES (NEW.id, NEW.id, 0);
      INSERT INTO reporting_line (ancestor_id, descendant_id, depth)
        SELECT NEW.id, l.descendant_id, l.depth + 1
        FROM employee c JOIN reporting_line l ON l.ancestor_id = c.id
        WHERE c.manager_id = NEW.id AND c.id <> NEW.id;
      INSERT INTO reporting_line (ancestor_id, descendant_id, depth)
        SELECT a.ancestor_id, d.descendant_id, a.depth + d.depth + 1
        FROM reporting_line a, reporting_line d
        WHERE a.descendant_id = NEW.manager_id AND d.ancestor_id = NEW.id;
      RETURN NULL;
    END $$`.execute(db);
  // Row triggers AFTER a multi-row INSERT run once the statement is done, each seeing every row: a report met
  // before its manager's own row exists is joined when the manager's turn comes (the second INSERT above).
  await sql`CREATE TRIGGER reporting_line_insert AFTER INSERT ON employee FOR EACH ROW EXECUTE FUNCTION reporting_line_insert()`.execute(db);
  await sql`
    CREATE FUNCTION reporting_line_no_circle() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM reporting_line WHERE ancestor_id = NEW.id AND descendant_id = NEW.manager_id) THEN
        RAISE EXCEPTION 'reporting line circle: the manager reports to this employee';
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER reporting_line_no_circle BEFORE UPDATE OF manager_id ON employee
    FOR EACH ROW WHEN (NEW.manager_id IS NOT NULL) EXECUTE FUNCTION reporting_line_no_circle()`.execute(db);
  await sql`
    CREATE FUNCTION reporting_line_move() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM reporting_line
      WHERE descendant_id IN (SELECT descendant_id FROM reporting_line WHERE ancestor_id = NEW.id)
        AND ancestor_id IN (SELECT ancestor_id FROM reporting_line WHERE descendant_id = NEW.id AND ancestor_id <> NEW.id);
      INSERT INTO reporting_line (ancestor_id, descendant_id, depth)
        SELECT a.ancestor_id, d.descendant_id, a.depth + d.depth + 1
        FROM reporting_line a, reporting_line d
        WHERE a.descendant_id = NEW.manager_id AND d.ancestor_id = NEW.id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER reporting_line_move AFTER UPDATE OF manager_id ON employee
    FOR EACH ROW WHEN (OLD.manager_id IS DISTINCT FROM NEW.manager_id) EXECUTE FUNCTION reporting_line_move()`.execute(db);
}

/**
 * leave_day_load's triggers as PL/pgSQL. BEFORE row triggers, unlike AFTER ones, run as each row is written and see
 * the rows the same statement wrote before it, which is how SQLite's AFTER row triggers see them: a statement that
 * removes both half days of a date lowers the count once, as on SQLite.
 */
async function leaveDayLoadPostgres(db: Kysely<unknown>): Promise<void> {
  const add = (who: string, date: string) => `
      INSERT INTO leave_day_load (date, department_id, people)
        SELECT ${date}, COALESCE(e.department_id, ''), 1 FROM employee e WHERE e.id = ${who}
        ON CONFLICT (date, department_id) DO UPDATE SET people = leave_day_load.people + 1;`;
  const remove = (who: string, date: string) => `
      UPDATE leave_day_load SET people = people - 1
        WHERE date = ${date} AND department_id = (SELECT COALESCE(department_id, '') FROM employee WHERE id = ${who});`;
  const alone = (row: 'NEW' | 'OLD') =>
    `NOT EXISTS (SELECT 1 FROM leave_day WHERE employee_id = ${row}.employee_id AND date = ${row}.date AND request_id <> ${row}.request_id)`;
  await sql
    .raw(`
    CREATE FUNCTION leave_day_load_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        IF ${alone('NEW')} THEN ${add('NEW.employee_id', 'NEW.date')} END IF;
        RETURN NEW;
      ELSIF TG_OP = 'DELETE' THEN
        IF ${alone('OLD')} THEN ${remove('OLD.employee_id', 'OLD.date')} END IF;
        RETURN OLD;
      END IF;
      IF OLD.employee_id IS DISTINCT FROM NEW.employee_id OR OLD.date IS DISTINCT FROM NEW.date THEN
        IF ${alone('OLD')} THEN ${remove('OLD.employee_id', 'OLD.date')} END IF;
        IF ${alone('NEW')} THEN ${add('NEW.employee_id', 'NEW.date')} END IF;
      END IF;
      RETURN NEW;
    END $$`)
    .execute(db);
  await sql`
    CREATE TRIGGER leave_day_load_write BEFORE INSERT OR DELETE OR UPDATE OF employee_id, date ON leave_day
    FOR EACH ROW EXECUTE FUNCTION leave_day_load_write()`.execute(db);
  await sql`
    CREATE FUNCTION leave_day_load_department() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE leave_day_load SET people = people - 1
        WHERE department_id = COALESCE(OLD.department_id, '') AND date IN (SELECT date FROM leave_day WHERE employee_id = NEW.id);
      INSERT INTO leave_day_load (date, department_id, people)
        SELECT DISTINCT date, COALESCE(NEW.department_id, ''), 1 FROM leave_day WHERE employee_id = NEW.id
        ON CONFLICT (date, department_id) DO UPDATE SET people = leave_day_load.people + 1;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER leave_day_load_department AFTER UPDATE OF department_id ON employee
    FOR EACH ROW WHEN (OLD.department_id IS DISTINCT FROM NEW.department_id) EXECUTE FUNCTION leave_day_load_department()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const [t, on] of [['leave_day_load_department', 'employee'], ['leave_day_load_write', 'leave_day'], ['reporting_line_move', 'employee'], ['reporting_line_no_circle', 'employee'], ['reporting_line_insert', 'employee']]) {
      await sql`DROP TRIGGER IF EXISTS ${sql.raw(t as string)} ON ${sql.raw(on as string)}`.execute(db);
      await sql`DROP FUNCTION IF EXISTS ${sql.raw(t as string)}()`.execute(db);
    }
  } else {
    for (const t of ['leave_day_load_department', 'leave_day_load_move_in', 'leave_day_load_move_out', 'leave_day_load_delete', 'leave_day_load_insert', 'reporting_line_move', 'reporting_line_no_circle', 'reporting_line_insert']) await sql`DROP TRIGGER IF EXISTS ${sql.raw(t)}`.execute(db);
  }
  await db.schema.dropTable('leave_day_load').execute();
  await db.schema.dropIndex('leave_request_employee_status_ix').execute();
  await db.schema.dropTable('reporting_line').execute();
}
