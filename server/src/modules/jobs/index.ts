/** Jobs: long-running work with progress, a result, cancellation, and a clean failure on restart. */
export { jobRoutes } from './routes.ts';
export { type JobOutcome, type JobRun, type JobSpec, JobCancelled, RESTARTED, cancelJob, failInterruptedJobs, getJob, getJobOfKind, startJob } from './service.ts';
