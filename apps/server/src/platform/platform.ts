/** What every area's routes are given: the database, the configuration and the shared registries. */
import type { Config } from '../config.ts';
import type { DB } from '../db/database.ts';
import { type EmergencyRegistry, SandboxEmsRegistry } from '../providers/ems/ems.ts';
import { SandboxTeams, type TeamsService } from '../providers/teams/teams.ts';
import { DestinationRegistry } from './destinations.ts';
import { ReferenceRegistry } from './references.ts';

export interface Platform {
  db: DB;
  config: Config;
  destinations: DestinationRegistry;
  references: ReferenceRegistry;
  /** External services (sandbox implementations by default). */
  providers: { teams: TeamsService; ems: EmergencyRegistry };
}

export function createPlatform(db: DB, config: Config): Platform {
  return {
    db,
    config,
    destinations: new DestinationRegistry(),
    references: new ReferenceRegistry(),
    providers: { teams: new SandboxTeams(db), ems: new SandboxEmsRegistry(db) },
  };
}
