import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded-postgres.js';
import { freePort } from './free-port.js';
import { buildTemplateDatabase, dropTestDatabase, testDatabaseName } from './test-database.js';

/**
 * Vitest global setup for the API and browser tests: they run on PostgreSQL at TEST_DATABASE_URL
 * (CI's, or a developer's), or else on the embedded PostgreSQL the product itself runs, started
 * here once for the whole run in a folder of its own and removed after. Each test still makes its
 * own database in it (test-database.ts), copied from a template migrated here once
 * (TEST_TEMPLATE_DATABASE) or one also seeded with the shipped content
 * (TEST_SEEDED_TEMPLATE_DATABASE). Workers start after this and inherit the variables; a second
 * project's setup in the same run finds them set and adds nothing.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env.TEST_TEMPLATE_DATABASE) return undefined;
  const teardown: (() => Promise<void>)[] = [];
  if (!process.env.TEST_DATABASE_URL) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'msp-test-postgres-'));
    const embedded = await startEmbeddedPostgres({ dataDir, port: await freePort() });
    process.env.TEST_DATABASE_URL = embedded.url;
    teardown.push(async () => {
      await embedded.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
  }
  const baseUrl = process.env.TEST_DATABASE_URL;
  const template = testDatabaseName('msp_test_template');
  const seededTemplate = testDatabaseName('msp_test_seeded');
  const buildTemplates = async () => {
    await Promise.all([
      buildTemplateDatabase(baseUrl, template),
      buildTemplateDatabase(baseUrl, seededTemplate, { seeded: true }),
    ]);
  };
  teardown.unshift(
    () => dropTestDatabase(baseUrl, template),
    () => dropTestDatabase(baseUrl, seededTemplate),
  );
  try {
    await buildTemplates();
  } catch (error) {
    for (const step of teardown) await step();
    throw error;
  }
  process.env.TEST_TEMPLATE_DATABASE = template;
  process.env.TEST_SEEDED_TEMPLATE_DATABASE = seededTemplate;
  project.onTestsRerun(buildTemplates);
  return async () => {
    for (const step of teardown) await step();
  };
}
