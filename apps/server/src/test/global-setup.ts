/**
 * vitest globalSetup of the server projects: builds the run's template database (template.ts) for
 * the project's database (TEST_DB of the project's env) — on PostgreSQL after setting up the
 * serving logins (scripts/db-setup.ts's, db/logins.ts) — hands it to the test files and removes it
 * at the end. A rerun in watch mode builds it again (the migrations or the seed may have changed).
 */
import type { TestProject } from 'vitest/node';
import { setUpLogins } from '../db/logins.ts';
import { adminUrl, buildTemplate } from './template.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const kind = project.config.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  // The app of every test file serves as the tenant login (db/logins.ts), as a production install does.
  if (kind === 'postgres') await setUpLogins(adminUrl());
  let current = await buildTemplate(kind);
  project.provide('serverTemplate', current.template);
  project.onTestsRerun(async () => {
    const previous = current;
    current = await buildTemplate(kind);
    project.provide('serverTemplate', current.template);
    await previous.remove();
  });
  return () => current.remove();
}
