import { type Establishment, type EstablishmentUpdate, type LocationEstablishment, StateProfile } from '../../../../shared/establishment.ts';
import { type Ctx, type Db, inTransaction, requirePermission } from '../../context.ts';
import { badRequest } from '../../http/problem.ts';
import * as repo from './repo.ts';

/** The establishment data register headers print: read by compliance, changed by HR (`compliance:manage`). */

function addressOf(r: Awaited<ReturnType<typeof repo.locationEstablishmentRows>>[number]): string | null {
  const parts = [r.address_line, r.city, r.state, r.postal_code].filter((p): p is string => !!p && p.trim() !== '');
  return parts.length ? parts.join(', ') : null;
}

/** The establishment as stored (no permission: the registers' own read, through compliance's use cases). */
export async function establishmentOf(db: Db): Promise<Establishment & { locationAddresses: Map<string, string | null> }> {
  const [org, locations] = await Promise.all([repo.establishmentRow(db), repo.locationEstablishmentRows(db)]);
  const list: LocationEstablishment[] = locations.map((l) => ({
    locationId: l.id,
    locationName: l.name,
    establishmentName: l.establishment_name ?? null,
    establishmentAddress: l.establishment_address ?? null,
    seRegistrationNumber: l.se_registration_number ?? null,
    seState: l.se_state ?? null,
    stateProfile: StateProfile.catch('central-2017').parse(l.state_profile),
    managerName: l.manager_name ?? null,
    fhApprovalReference: l.fh_approval_reference ?? null,
  }));
  return {
    organisationName: org.name,
    employerName: org.employer_name ?? null,
    managerName: org.manager_name ?? null,
    lin: org.lin ?? null,
    epfEstablishmentCode: org.epf_establishment_code ?? null,
    esicEmployerCode: org.esic_employer_code ?? null,
    wagePeriodStartDay: org.wage_period_start_day ?? 1,
    locations: list,
    locationAddresses: new Map(locations.map((l) => [l.id, addressOf(l)])),
  };
}

export async function getEstablishment(ctx: Ctx): Promise<Establishment> {
  requirePermission(ctx, 'compliance:read');
  const { locationAddresses: _, ...rest } = await establishmentOf(ctx.db);
  return rest;
}

/** Changes the establishment data (only what the update carries); 400 naming an unknown location. */
export async function updateEstablishment(ctx: Ctx, input: EstablishmentUpdate): Promise<Establishment> {
  requirePermission(ctx, 'compliance:manage');
  await inTransaction(ctx, async (t) => {
    const patch: Parameters<typeof repo.updateOrganisationRow>[1] = {};
    if (input.employerName !== undefined) patch.employer_name = input.employerName;
    if (input.managerName !== undefined) patch.manager_name = input.managerName;
    if (input.lin !== undefined) patch.lin = input.lin;
    if (input.epfEstablishmentCode !== undefined) patch.epf_establishment_code = input.epfEstablishmentCode;
    if (input.esicEmployerCode !== undefined) patch.esic_employer_code = input.esicEmployerCode;
    if (input.wagePeriodStartDay !== undefined) patch.wage_period_start_day = input.wagePeriodStartDay;
    if (Object.keys(patch).length) await repo.updateOrganisationRow(t.db, patch);
    const known = new Set((await repo.locationEstablishmentRows(t.db)).map((l) => l.id));
    for (const [i, l] of (input.locations ?? []).entries()) {
      if (!known.has(l.locationId)) throw badRequest('No such location.', [{ path: `body.locations.${i}.locationId`, message: 'no such location' }]);
      const lp: Parameters<typeof repo.updateLocationEstablishmentRow>[2] = {};
      if (l.establishmentName !== undefined) lp.establishment_name = l.establishmentName;
      if (l.establishmentAddress !== undefined) lp.establishment_address = l.establishmentAddress;
      if (l.seRegistrationNumber !== undefined) lp.se_registration_number = l.seRegistrationNumber;
      if (l.seState !== undefined) lp.se_state = l.seState;
      if (l.stateProfile !== undefined) lp.state_profile = l.stateProfile;
      if (l.managerName !== undefined) lp.manager_name = l.managerName;
      if (l.fhApprovalReference !== undefined) lp.fh_approval_reference = l.fhApprovalReference;
      if (Object.keys(lp).length) await repo.updateLocationEstablishmentRow(t.db, l.locationId, lp);
    }
  });
  return getEstablishment(ctx);
}
