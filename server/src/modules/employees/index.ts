/** The employee directory, and who may see whom (scope). */
export { employeeRoutes } from './routes.ts';
export { completeDueExits, createEmployee, exitEmployee, rehireEmployee, updateEmployee } from './write.ts';
export { getEmployee, listEmployees } from './read.ts';
export { type Reach, assertCanSeeEmployee, isBelow, managerChainIds, reachOf, reportingLineIds, visibleEmployeeIds } from './scope.ts';
export { catalogueNames, employeeExists, findEmployeeForLogin, insertEmployeeRows, updateEmployeeRow } from './repo.ts';
export { sealGovernmentIds } from './government-ids.ts';
export { type RegisterRecordRow, getEmployeeRegister, registerRecords, registerSerials, updateEmployeeRegister } from './register-fields.ts';

// Reports and the dashboard: the population a caller's report covers, and aggregates over the directory.
export { type Population, type PopulationFilter, reportPopulation } from './population.ts';
export { TENURE_BANDS, celebrationsBetween, headcountByPeriod, headcountByTenure, headcountNow, listEmployeeLabels } from './report-repo.ts';
