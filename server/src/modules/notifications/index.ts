/** In-app notifications of the calling user, and `notify` for every module that tells people something. */
export { notificationRoutes } from './routes.ts';
export { type NotificationInput, type Recipients, notify } from './service.ts';
