import type { Generated, Kysely } from 'kysely';

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
  // Establishment data for the register headers (0010_compliance).
  employer_name?: string | null;
  manager_name?: string | null;
  lin?: string | null;
  epf_establishment_code?: string | null;
  esic_employer_code?: string | null;
  /** 1 = the calendar month; 26 = the 26th to the 25th of the next month. */
  wage_period_start_day?: number;
  /** The language of whoever has not chosen one (0016_language). */
  default_locale?: string;
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
  // Establishment data per location (0010_compliance).
  establishment_name?: string | null;
  establishment_address?: string | null;
  se_registration_number?: string | null;
  se_state?: string | null;
  manager_name?: string | null;
  fh_approval_reference?: string | null;
  state_profile?: string;
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
  // Policy columns (0002_attendance).
  break_minutes: Generated<number>;
  late_grace_minutes: Generated<number>;
  early_grace_minutes: Generated<number>;
  half_day_minutes: Generated<number>;
  full_day_minutes: Generated<number>;
  ot_eligible: Generated<Bool>;
  ot_after_minutes: Generated<number>;
  ot_block_minutes: Generated<number>;
  ot_max_minutes: number | null;
  ot_before_start: Generated<Bool>;
  window_before_minutes: Generated<number>;
  window_after_minutes: Generated<number>;
  flexible: Generated<Bool>;
  core_start: string | null;
  core_end: string | null;
  required_minutes: number | null;
  hours_mode: Generated<string>;
  updated_at: string | null;
}

/** The reporting line as a closure (migration 0014): kept by triggers on employee, never written by the server's code. */
export interface ReportingLineTable {
  ancestor_id: string;
  descendant_id: string;
  /** 0 for the employee itself, 1 for a direct report, … */
  depth: number;
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
  // Government ids, sealed (0009_documents): `…_enc` is AES-256-GCM (iv|tag|ciphertext, base64)
  // under the data dir's key, `…_last4` the clear last four characters lists mask with.
  // The clear `pan`, `uan` and `esi` above are legacy: `sealGovernmentIds` empties them at start-up.
  aadhaar_enc: string | null;
  aadhaar_last4: string | null;
  passport_enc: string | null;
  passport_last4: string | null;
  pan_enc: string | null;
  pan_last4: string | null;
  uan_enc: string | null;
  uan_last4: string | null;
  esi_enc: string | null;
  esi_last4: string | null;
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
  /** The language this person chose; null = the organisation's (0016_language). */
  locale?: string | null;
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
  // 0012_agent
  expires_at: string | null;
  personal: Bool;
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
  // 0012_agent: the credential an agent acted with (`api-key` / `oauth-client`), its id and name as it was.
  credential_kind: string | null;
  credential_id: string | null;
  credential_name: string | null;
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

// ---- Attendance and biometric registry (0002_attendance) ----

export interface ShiftAssignmentTable {
  id: string;
  employee_id: string;
  shift_id: string;
  effective_from: string;
  effective_to: string | null;
  created_by_name: string;
  created_at: string;
}

export interface LocationPolicyTable {
  location_id: string;
  /** JSON `WeeklyOffRule[]`; null = the organisation's. */
  weekly_offs: string | null;
  fence_lat: number | null;
  fence_lng: number | null;
  fence_radius_m: number | null;
  updated_at: string;
}

export interface HolidayOptInTable {
  employee_id: string;
  holiday_id: string;
  created_at: string;
}

export interface AttendanceSettingsTable {
  id: string;
  debounce_seconds: Generated<number>;
  regularization_window_days: Generated<number>;
  hr_approval_kinds: Generated<string>;
  late_mark_every: number | null;
  late_mark_days: Generated<number>;
  optional_holidays_per_year: Generated<number>;
  updated_at: string;
}

export interface TerminalTable {
  id: string;
  serial: string | null;
  terminal_type: string | null;
  machine_number: number;
  device_uid: string | null;
  name: string;
  location_id: string | null;
  protocol: string;
  host: string | null;
  port: number | null;
  serial_path: string | null;
  baud_rate: number | null;
  comm_key: number;
  time_zone: string | null;
  poll_seconds: number;
  enabled: Bool;
  direction_policy: string;
  offline_after_minutes: number;
  firmware_notes: string | null;
  last_contact_at: string | null;
  last_punch_at: string | null;
  clock_skew_seconds: number | null;
  connector_state: string | null;
  connector_backlog: number | null;
  connector_dead_letters: number | null;
  connector_detail: string | null;
  /** When the reported connector state last changed (0006). */
  connector_state_since: string | null;
  offline_notified_at: string | null;
  /** Reachable with nothing left to deliver up to here: attendance's "reported past" (0006). */
  synced_until: string | null;
  created_at: string;
  updated_at: string;
}

export interface PunchTable {
  id: string;
  employee_id: string | null;
  source: string;
  terminal_id: string | null;
  terminal_serial: string | null;
  terminal_user_id: number | null;
  trans_id: number | null;
  at: string;
  utc_offset_minutes: number;
  local_date: string;
  local_time: string;
  attend_stat: string;
  verify_mode: string | null;
  direction: string | null;
  photo_path: string | null;
  geo_lat: number | null;
  geo_lng: number | null;
  geo_accuracy: number | null;
  flags: string;
  supersedes_id: string | null;
  regularization_id: string | null;
  note: string | null;
  created_by_name: string | null;
  created_at: string;
}

export interface AttendanceDayTable {
  employee_id: string;
  date: string;
  shift_id: string | null;
  status: string;
  provisional: Bool;
  frozen: Bool;
  worked_minutes: number;
  ot_minutes: number;
  late_minutes: number;
  early_minutes: number;
  first_in: string | null;
  last_out: string | null;
  punch_count: number;
  present_days: number;
  leave_days: number;
  lop_days: number;
  holiday_name: string | null;
  leave_code: string | null;
  /** JSON `DayReason[]`. */
  reasons: string;
  window_start: string;
  window_end: string;
  override_worked_minutes: number | null;
  override_ot_minutes: number | null;
  override_reason: string | null;
  dirty: Bool;
  computed_at: string;
}

export interface AttendanceOverrideTable {
  id: string;
  employee_id: string;
  date: string;
  reason: string;
  worked_minutes: number | null;
  ot_minutes: number | null;
  frozen: Bool | null;
  before: string;
  after: string;
  actor_user_id: string | null;
  actor_name: string;
  at: string;
}

export interface RegularizationTable {
  id: string;
  employee_id: string;
  date: string;
  kind: string;
  status: string;
  reason: string;
  /** JSON `ProposedPunch[]`. */
  punches: string;
  /** JSON punch ids the request replaces. */
  supersedes: string;
  requires_hr: Bool;
  manager_decided_by: string | null;
  manager_decided_by_name: string | null;
  manager_decided_at: string | null;
  hr_decided_by: string | null;
  hr_decided_by_name: string | null;
  hr_decided_at: string | null;
  decision_note: string | null;
  created_by_name: string;
  created_at: string;
  updated_at: string;
}

export interface TerminalEnrolmentTable {
  id: string;
  /** The terminal id, or `*` for organisation-wide. */
  scope_key: string;
  terminal_id: string | null;
  terminal_user_id: number;
  employee_id: string;
  created_by_name: string;
  created_at: string;
}

/** A terminal user id that is not a plain number, as the connector reported it, and the integer it maps to. */
export interface TerminalRawUserTable {
  id: string;
  terminal_id: string;
  raw_user_id: string;
  /** Records the connector holds back for it (its last report). */
  records: number;
  first_reported_at: string | null;
  last_reported_at: string | null;
  /** The integer sent as `terminalUserId` once mapped; null = not mapped. */
  terminal_user_id: number | null;
  mapped_by_name: string | null;
  mapped_at: string | null;
}

export interface TerminalAdminLogTable {
  id: string;
  terminal_id: string;
  terminal_serial: string;
  trans_id: number;
  at: string;
  utc_offset_minutes: number;
  admin_id: number | null;
  target_user_id: number | null;
  employee_id: string | null;
  action: string;
  result: number | null;
  created_at: string;
}

export interface AttendancePolicyLogTable {
  id: string;
  entity: string;
  entity_id: string;
  action: string;
  summary: string;
  changes: string;
  actor_user_id: string | null;
  actor_name: string;
  at: string;
}

// ---- Leave (0003_leave) ----

export interface LeaveTypeTable {
  id: string;
  code: string;
  name: string;
  color_tone: string;
  paid: Bool;
  half_day_allowed: Bool;
  hr_approval: string;
  hr_approval_above_days: number | null;
  notice_days: number;
  backdate_days: number;
  max_consecutive_days: number | null;
  documents_above_days: number | null;
  min_service_days: number | null;
  eligible_gender: string | null;
  sandwich: string;
  allow_negative: Bool;
  active: Bool;
  accrual: string;
  annual_days: number;
  monthly_days: number;
  prorate_joiners: Bool;
  carry_forward_cap: number | null;
  encashable: Bool;
  credit_expiry_days: number | null;
  accrual_from: string;
  sort_order: number;
  created_at: string;
  updated_at: string;
}

export interface LeaveRequestTable {
  id: string;
  employee_id: string;
  leave_type_id: string;
  from_date: string;
  to_date: string;
  duration: string;
  working_days: number;
  reason: string | null;
  backup_employee_id: string | null;
  status: string;
  requires_hr_approval: Bool;
  documents_required: Bool;
  manager_decision_by: string | null;
  manager_decided_at: string | null;
  manager_note: string | null;
  manager_stage_by_hr: Bool;
  hr_decision_by: string | null;
  hr_decided_at: string | null;
  hr_note: string | null;
  decision_note: string | null;
  closure: string | null;
  closed_by_name: string | null;
  closed_at: string | null;
  balance_after: number;
  created_at: string;
  updated_at: string;
  /** Migration 0007: who recorded the request for the employee (HR); absent or null when the employee applied. */
  entered_by?: string | null;
  entered_by_name?: string | null;
}

export interface LeaveDayTable {
  request_id: string;
  employee_id: string;
  date: string;
  portion: string;
  counted: Bool;
  approved: Bool;
}

/** Kept by triggers on leave_day and employee (migration 0014): never written by the server's code. */
export interface LeaveDayLoadTable {
  date: string;
  /** '' for people without a department. */
  department_id: string;
  people: number;
}

export interface LeaveLedgerTable {
  id: string;
  employee_id: string;
  leave_type_id: string;
  kind: string;
  days: number;
  effective_date: string;
  reason: string;
  request_id: string | null;
  period_key: string | null;
  expires_on: string | null;
  actor_name: string;
  actor_employee_id: string | null;
  created_at: string;
}

// ---- Employee documents (0009_documents) ----

export interface DocumentTypeTable {
  id: string;
  name: string;
  /** Lower-case name: unique, and what §4.4 request names match against. */
  name_key: string;
  category: string;
  description: string | null;
  expires: Bool;
  remind_days_before: number | null;
  employee_may_upload: Bool;
  sensitive: Bool;
  active: Bool;
  sort_order: number;
  created_at: string;
  updated_at: string;
}

export interface DocumentChecklistTable {
  employment_type: string;
  document_type_id: string;
}

export interface EmployeeDocumentTable {
  id: string;
  employee_id: string;
  document_type_id: string | null;
  slot_key: string;
  title: string;
  version: number;
  original_name: string;
  size_bytes: number;
  media_type: string;
  sha256: string;
  expires_on: string | null;
  status: string;
  note: string | null;
  review_note: string | null;
  reviewed_by_name: string | null;
  reviewed_by_employee_id: string | null;
  reviewed_at: string | null;
  uploaded_by_user_id: string | null;
  uploaded_by_employee_id: string | null;
  uploaded_by_name: string;
  uploaded_at: string;
  deleted_at: string | null;
  deleted_by_name: string | null;
  delete_reason: string | null;
  purged_at: string | null;
  expiry_notified_for: string | null;
  leave_request_id: string | null;
}

export interface DocumentRequestTable {
  id: string;
  employee_id: string;
  name: string;
  name_key: string;
  document_type_id: string | null;
  status: string;
  requested_by_name: string;
  requested_by_employee_id: string | null;
  requested_at: string;
  closed_by_name: string | null;
  closed_at: string | null;
  fulfilled_document_id: string | null;
}

// ---- Jobs and compliance registers (0010_compliance) ----

export interface JobTable {
  id: string;
  kind: string;
  title: string;
  status: string;
  total: number;
  done: number;
  message: string | null;
  /** JSON: what the job was started with. */
  params: string;
  /** JSON: what it produced (a file, a summary). */
  result: string | null;
  error: string | null;
  /** Who may read, download or cancel it. */
  permission: string;
  cancel_requested: Bool;
  created_by_user_id: string | null;
  created_by_name: string;
  started_at: string;
  updated_at: string;
  finished_at: string | null;
}

// ---- Several instances on one database (0018_instances) ----

/** Who runs a scheduled job's latest slot, until when (`jobs/scheduler.ts`). */
export interface JobLeaseTable {
  name: string;
  slot: string;
  holder: string;
  lease_until: string;
  finished_at: string | null;
}

/** A fixed-window rate-limit counter shared by the instances (`http/rate-limit.ts`). */
export interface RateLimitHitTable {
  key: string;
  window_start: string;
  hits: number;
}

export interface EmployeeRegisterTable {
  employee_id: string;
  surname: string | null;
  father_or_spouse_name: string | null;
  nationality: string | null;
  education_level: string | null;
  skill_category: string | null;
  present_address: string | null;
  permanent_address: string | null;
  identification_mark: string | null;
  pf_member_id: string | null;
  lwf_number: string | null;
  service_book_number: string | null;
  permanent_on: string | null;
  updated_at: string;
}

export interface ComplianceFilingTable {
  id: string;
  period: string;
  location_key: string;
  location_id: string | null;
  bundle_sha256: string;
  manifest: string;
  filed_by_user_id: string | null;
  filed_by_name: string;
  filed_at: string;
}

export interface ComplianceFiledFileTable {
  filing_id: string;
  name: string;
  register_key: string;
  profile: string;
  period: string;
  location_id: string | null;
  format: string;
  sha256: string;
  size_bytes: number;
  row_count: number;
  storage_path: string;
}

export interface ComplianceFiledRegisterTable {
  filing_id: string;
  register_key: string;
  profile: string;
  period: string;
  location_key: string;
  rows_sha256: string;
  rows_path: string;
  row_count: number;
}

export interface ComplianceAmendmentTable {
  id: string;
  filing_id: string;
  digest: string;
  rows_changed: number;
  summary: string;
  differences: string;
  detected_at: string;
}

// ---- Reports (0011_reports) ----

export interface SavedReportTable {
  id: string;
  name: string;
  base_report_id: string;
  param: number | null;
  /** JSON `ReportFilters`. */
  filters: string;
  shared: Bool;
  owner_user_id: string;
  owner_name: string;
  created_at: string;
}

/** A ten-minute slot (epoch ms / 600,000) in which a terminal was reached. */
export interface TerminalContactSlotTable {
  terminal_id: string;
  slot: number;
}

/** The server's database, or what kysely calls it. */
export type Database = Kysely<DB>;

/** 0012_agent: an OAuth client (an AI assistant), registered by itself (RFC 7591) or by an administrator. */
export interface OAuthClientTable {
  id: string;
  name: string;
  client_uri: string | null;
  /** JSON array of the registered redirect URIs. */
  redirect_uris: string;
  auth_method: string;
  secret_hash: string | null;
  registration: string;
  software_id: string | null;
  software_version: string | null;
  created_by_user_id: string | null;
  created_at: string;
  last_used_at: string | null;
  disabled_at: string | null;
}

/** 0012_agent: one person's consent to one client (a connected app); its tokens die with it. */
export interface OAuthGrantTable {
  id: string;
  client_id: string;
  user_id: string;
  employee_id: string;
  scope: string;
  resource: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  revoked_reason: string | null;
}

/** 0012_agent: a single-use authorization code (hash only). */
export interface OAuthCodeTable {
  code_hash: string;
  client_id: string;
  user_id: string;
  redirect_uri: string;
  code_challenge: string;
  resource: string;
  scope: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  grant_id: string | null;
}

/** 0012_agent: an access or refresh token of a grant (hash only). */
export interface OAuthTokenTable {
  token_hash: string;
  grant_id: string;
  kind: string;
  /** The scopes of this token: the grant's, or fewer after a narrowing refresh. */
  scope: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface OAuthSettingsTable {
  id: number;
  dynamic_registration: Bool;
  updated_at: string | null;
}

/** One event (issue 17): `channel` 'webhook' (its deliveries: the endpoints subscribed when it happened) or 'email' (`target`: a user id). */
export interface OutboxEventTable {
  id: string;
  type: string;
  channel: string;
  target: string | null;
  /** JSON: the whole event as receivers get it. */
  payload: string;
  created_at: string;
}

/** One event to one target (a webhook endpoint id, a user id): `pending` until `delivered`, `failed` (given up) or `skipped`. */
export interface OutboxDeliveryTable {
  id: string;
  event_id: string;
  channel: string;
  target: string;
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: string | null;
  created_at: string;
}

export interface OutboxAttemptTable {
  id: string;
  delivery_id: string;
  attempted_at: string;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
  /** JSON: what was sent (headers, body). */
  request: string | null;
  /** JSON: what came back (headers, body excerpt). */
  response: string | null;
}

export interface WebhookEndpointTable {
  id: string;
  url: string;
  description: string;
  /** JSON array of event types, `["*"]` for all. */
  event_types: string;
  enabled: Bool;
  allow_insecure_http: Bool;
  secret_enc: string;
  previous_secret_enc: string | null;
  previous_secret_expires_at: string | null;
  failing_since: string | null;
  disabled_reason: string | null;
  created_by_user_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface EmailSettingsTable {
  id: string;
  host: string;
  port: number;
  tls_mode: string;
  username: string | null;
  password_enc: string | null;
  from_address: string;
  enabled: Bool;
  digest_enabled: Bool;
  updated_at: string;
}

export interface NotificationPreferenceTable {
  user_id: string;
  category: string;
  email: Bool;
}

export interface CalendarFeedTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  last_used_at: string | null;
}

export interface AttendanceFinalMarkTable {
  location_id: string;
  final_through: string;
}

export interface DB {
  organisation: OrganisationTable;
  department: DepartmentTable;
  location: LocationTable;
  designation: DesignationTable;
  shift: ShiftTable;
  employee: EmployeeTable;
  reporting_line: ReportingLineTable;
  user_account: UserAccountTable;
  user_role: UserRoleTable;
  session: SessionTable;
  api_key: ApiKeyTable;
  oauth_client: OAuthClientTable;
  oauth_grant: OAuthGrantTable;
  oauth_code: OAuthCodeTable;
  oauth_token: OAuthTokenTable;
  oauth_settings: OAuthSettingsTable;
  audit_log: AuditLogTable;
  notification: NotificationTable;
  holiday: HolidayTable;
  shift_assignment: ShiftAssignmentTable;
  location_policy: LocationPolicyTable;
  holiday_opt_in: HolidayOptInTable;
  attendance_settings: AttendanceSettingsTable;
  terminal: TerminalTable;
  punch: PunchTable;
  attendance_day: AttendanceDayTable;
  attendance_override: AttendanceOverrideTable;
  regularization: RegularizationTable;
  terminal_enrolment: TerminalEnrolmentTable;
  terminal_raw_user: TerminalRawUserTable;
  terminal_admin_log: TerminalAdminLogTable;
  attendance_policy_log: AttendancePolicyLogTable;
  leave_type: LeaveTypeTable;
  leave_request: LeaveRequestTable;
  leave_day: LeaveDayTable;
  leave_day_load: LeaveDayLoadTable;
  leave_ledger: LeaveLedgerTable;
  document_type: DocumentTypeTable;
  document_checklist: DocumentChecklistTable;
  employee_document: EmployeeDocumentTable;
  document_request: DocumentRequestTable;
  job: JobTable;
  employee_register: EmployeeRegisterTable;
  compliance_filing: ComplianceFilingTable;
  compliance_filed_file: ComplianceFiledFileTable;
  compliance_filed_register: ComplianceFiledRegisterTable;
  compliance_amendment: ComplianceAmendmentTable;
  saved_report: SavedReportTable;
  terminal_contact_slot: TerminalContactSlotTable;
  outbox_event: OutboxEventTable;
  outbox_delivery: OutboxDeliveryTable;
  outbox_attempt: OutboxAttemptTable;
  webhook_endpoint: WebhookEndpointTable;
  email_settings: EmailSettingsTable;
  notification_preference: NotificationPreferenceTable;
  calendar_feed: CalendarFeedTable;
  attendance_final_mark: AttendanceFinalMarkTable;
  job_lease: JobLeaseTable;
  rate_limit_hit: RateLimitHitTable;
}

export type { Generated };
