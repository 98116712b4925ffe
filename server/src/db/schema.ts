import type { Generated } from 'kysely';

/** Booleans are stored as 0/1 integers so the schema stays portable. */
export type Bool = 0 | 1;

export interface OrganisationTable {
  id: string;
  name: string;
  time_zone: string;
  fy_start_month: number;
  weekly_offs: string;
  setup_completed_at: string | null;
  created_at: string;
}

export interface DepartmentTable {
  id: string;
  name: string;
  code: string | null;
  created_at: string;
}

export interface LocationTable {
  id: string;
  name: string;
  address_line: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string;
  created_at: string;
}

export interface DesignationTable {
  id: string;
  name: string;
  created_at: string;
}

export interface ShiftTable {
  id: string;
  name: string;
  start_time: string;
  end_time: string;
  is_default: Bool;
  created_at: string;
}

export interface EmployeeTable {
  id: string;
  code: string;
  full_name: string;
  email: string | null;
  phone: string | null;
  search_text: string;
  designation_id: string | null;
  department_id: string | null;
  location_id: string | null;
  manager_id: string | null;
  joined_date: string;
  exit_date: string | null;
  exit_reason: string | null;
  status: string;
  employment_type: string;
  gender: string | null;
  date_of_birth: string | null;
  shift_id: string | null;
  terminal_user_id: number | null;
  ctc_annual: number | null;
  pan: string | null;
  uan: string | null;
  esi: string | null;
  bank_account_number: string | null;
  bank_ifsc: string | null;
  bank_name: string | null;
  created_at: string;
  updated_at: string;
}

export interface UserAccountTable {
  id: string;
  employee_id: string;
  email: string;
  password_hash: string;
  active: Bool;
  last_login_at: string | null;
  password_changed_at: string;
  created_at: string;
}

export interface UserRoleTable {
  user_id: string;
  role: string;
}

export interface SessionTable {
  id: string;
  token_hash: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip_address: string | null;
  user_agent: string | null;
  revoked_at: string | null;
}

export interface ApiKeyTable {
  id: string;
  name: string;
  prefix: string;
  key_hash: string;
  scope: string;
  employee_id: string | null;
  created_by_user_id: string | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface AuditLogTable {
  id: string;
  employee_id: string;
  category: string;
  action: string;
  summary: string;
  actor_user_id: string | null;
  actor_employee_id: string | null;
  actor_name: string;
  source: string;
  changes: string;
  at: string;
}

export interface NotificationTable {
  id: string;
  user_id: string;
  kind: string;
  title: string;
  body: string | null;
  link: string | null;
  created_at: string;
  read_at: string | null;
}

export interface HolidayTable {
  id: string;
  date: string;
  name: string;
  location_id: string | null;
  optional: Bool;
  created_at: string;
}

export interface DB {
  organisation: OrganisationTable;
  department: DepartmentTable;
  location: LocationTable;
  designation: DesignationTable;
  shift: ShiftTable;
  employee: EmployeeTable;
  user_account: UserAccountTable;
  user_role: UserRoleTable;
  session: SessionTable;
  api_key: ApiKeyTable;
  audit_log: AuditLogTable;
  notification: NotificationTable;
  holiday: HolidayTable;
}

export type { Generated };
