/**
 * vitest globalSetup of the server projects: builds the run's template database (template.ts) for
 * the project's database (TEST_DB of the project's env), hands it to the test files and removes it
 * at the end. A rerun in watch mode builds it again (the migrations or the seed may have changed).
 */
import type { TestProject } from 'vitest/node';
import { buildTemplate } from './template.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const kind = project.config.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
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
