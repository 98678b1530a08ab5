import type { Role } from '@banksia/contracts/accounts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';
import type { Actor } from './session';

/**
 * Who may reach a route at all. Resource checks (is this the teacher of that class?) follow in the
 * route through the feature's policy; this gate makes sure no route is left without a rule.
 */
export type Access = { kind: 'public' } | { kind: 'signed-in' } | { kind: 'role'; roles: readonly Role[] };

export const access = {
  public: { kind: 'public' } as Access,
  signedIn: { kind: 'signed-in' } as Access,
  role: (...roles: Role[]): Access => ({ kind: 'role', roles }),
};

export interface RouteEntry {
  method: string;
  url: string;
  access: Access | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every route registered, with its access rule: read by the authorization matrix test. */
    routeTable: RouteEntry[];
  }
}

/** The signed-in actor, or a 401. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('not_authenticated');
  return request.actor;
}

/** Whether an actor holds any of the roles. */
export function hasRole(actor: Actor | null, ...roles: Role[]): boolean {
  return !!actor && actor.roles.some((r) => roles.includes(r));
}

/** Refuses to register a route without an access rule, and enforces the rule on each request. */
export function registerAccessControl(app: FastifyInstance): void {
  app.decorate('routeTable', [] as RouteEntry[]);
  app.addHook('onRoute', (route) => {
    const config = route.config as { access?: Access } | undefined;
    const url = String(route.url);
    if (!config?.access && url.startsWith('/api/v1/')) {
      throw new Error(`Route ${String(route.method)} ${url} has no access rule`);
    }
    for (const method of [route.method].flat()) app.routeTable.push({ method, url, access: config?.access });
  });
  app.addHook('preValidation', async (request) => {
    const rule = request.routeOptions.config.access;
    if (!rule || rule.kind === 'public') return;
    const actor = requireActor(request);
    if (rule.kind === 'role' && !hasRole(actor, ...rule.roles)) throw new AppError('forbidden');
  });
}
