/**
 * An area of the panel in two parts, so that no import runs in a circle:
 * - its definition (`area.ts`): the sidebar entry, breadcrumb name, path and the permission needed
 *   to see it. Its pages and the shell import it; it imports no page.
 * - its pages (`pages.ts`): the definition with the routes it opens, each page loaded on demand
 *   (its own chunk). Only the app's registry imports it.
 *
 *   area.ts   export const ivrsArea: AreaDefinition = { label, path: '/ivrs', icon, group, rules };
 *   pages.ts  export const ivrsPages: AreaPages = {
 *               area: ivrsArea,
 *               routes: listAndRecord(() => import('./ivrs-list-page.tsx'), () => import('./ivrs-detail-page.tsx')),
 *             };
 */
import type { Action, Resource } from '@switchboard/domain';
import type { ComponentType } from 'react';
import type { AreaDialogLoader } from './area-dialogs.tsx';

export interface PermissionRule {
  resource: Resource;
  action: Action;
}

export interface AreaRoute {
  /** Relative to the area's path: '' for the list, ':id' for the detail. */
  path: string;
  load: () => Promise<{ default: ComponentType }>;
}

export interface AreaDefinition {
  /** The sidebar / breadcrumb name ('Access Lists'). */
  label: string;
  /** The route ('/access-lists'). */
  path: string;
  /** The sidebar entry's icon: none for an area the sidebar never shows (`useVisible: () => false`). */
  icon?: ComponentType;
  /** Every rule must allow for the entry to show and the routes to open (otherwise the 403 page). */
  rules: PermissionRule[];
  /**
   * And, when given, at least one of these must allow too (the support page and the tariff: a retail
   * account or a provider admin, account-type resources for which no admin right stands in).
   */
  anyOf?: PermissionRule[];
  /**
   * The permission resource of the area's records (its list's Add / Edit / Delete, its record page's
   * save): the first rule's unless given.
   */
  resource?: Resource;
  /** The sidebar group the entry sits in. */
  group: 'Account' | 'Call Routing' | 'Numbers & Devices' | 'Features' | 'Portal';
  /**
   * A hook deciding whether the sidebar shows the entry beyond the rules (e.g. /ems-errors only
   * while errors exist). The routes stay open either way.
   */
  useVisible?: () => boolean;
  /**
   * A small item of the top bar (e.g. the notifications' unread badge), shown to users the rules
   * allow. It is part of the first load: keep it light.
   */
  topBar?: ComponentType;
}

/** An area's pages: what the router opens under the area's path (the app's registry lists them). */
export interface AreaPages {
  area: AreaDefinition;
  /** Under the area's path, behind its rules. */
  routes: AreaRoute[];
  /**
   * Pages anyone may open without a session (registration, set-password links): outside the
   * authenticated shell, so no session is loaded and no idle timer runs. Paths are absolute.
   */
  publicRoutes?: AreaRoute[];
  /** Dialogs other areas' pages open by name (platform/area-dialogs.tsx), each loaded on demand. */
  dialogs?: Readonly<Record<string, AreaDialogLoader>>;
}

/** Whether `can` lets the session into `area`: every rule, and one of `anyOf` when it has any. */
export function areaAllows(area: AreaDefinition, can: (resource: Resource, action: Action) => boolean): boolean {
  const allows = (r: PermissionRule) => can(r.resource, r.action);
  return area.rules.every(allows) && (area.anyOf === undefined || area.anyOf.some(allows));
}

/** The permission resource of an area's records (`resource`, or its first rule's). */
export function recordResource(area: AreaDefinition): Resource {
  const resource = area.resource ?? area.rules[0]?.resource;
  if (!resource) throw new Error(`The area ${area.label} has no resource`);
  return resource;
}

/** The rules of an area open to whoever may read each of `resources` (the usual case). */
export function readRules(...resources: Resource[]): PermissionRule[] {
  return resources.map((resource) => ({ resource, action: 'read' }));
}

/**
 * The routes of an area with a list and a record page ('' and ':id'), each loaded on demand (the
 * loaders stay in the area's pages.ts, so that each page is its own chunk).
 *
 *   routes: listAndRecord(() => import('./ivrs-list-page.tsx'), () => import('./ivrs-detail-page.tsx')),
 */
export function listAndRecord(list: AreaRoute['load'], record: AreaRoute['load']): AreaRoute[] {
  return [
    { path: '', load: list },
    { path: ':id', load: record },
  ];
}
