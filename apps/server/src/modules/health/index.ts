// The health module's surface: the liveness probe load balancers and orchestrators call.
export { healthRoutes } from './health.routes.ts';
