/** The employee directory, and who may see whom (scope). */
export { employeeRoutes } from './routes.ts';
export { completeDueExits, createEmployee, exitEmployee, rehireEmployee, updateEmployee } from './write.ts';
export { getEmployee, listEmployees } from './read.ts';
export { assertCanSeeEmployee, managerChainIds, reportingLineIds, visibleEmployeeIds } from './scope.ts';
export { employeeExists, findEmployeeForLogin, insertEmployeeRows, updateEmployeeRow } from './repo.ts';
export { sealGovernmentIds } from './government-ids.ts';
