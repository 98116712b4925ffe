/** The organisation: its settings, catalogues (departments, locations, designations) and routes. */
export { orgRoutes } from './routes.ts';
export { type OrgSettings, orgSettings } from './settings-cache.ts';
export { ensureOrganisation } from './service.ts';
export { findOrganisationRow, getOrganisationRow, insertOrganisationRow, updateOrganisationRow } from './repo.ts';
export { establishmentOf, getEstablishment, updateEstablishment } from './establishment.ts';
