import type {
  CreateHubSpotPropertiesResult,
  HubSpotProductField,
  HubSpotPropertyList,
  HubSpotStatus,
} from '@msp/shared';
import type { Knex } from 'knex';
import type { Config } from '../../config.js';
import type { Database } from '../../db/knex.js';
import { writeAndNotify } from '../../db/writes.js';
import { assertNoIssues, ConflictError, InvalidFieldError, type FieldIssue } from '../../domain/errors.js';
import type { AuditWriter } from '../../http/audit-trail.js';
import { enqueueJob } from '../../jobs/job-store.js';
import { keepOutOfLog, type Logger } from '../../logger.js';
import type { PublicContent } from '../content/public-content.js';
import { readLeadStatuses } from '../../db/lead-statuses.js';
import { countSubmissionsNow } from './contact-reads.js';
import { HubSpotClient, HubSpotError } from './hubspot-client.js';
import { SlidingWindowLimiter } from './hubspot-rate-limit.js';
import {
  backfillJobStatus,
  backfillOf,
  deleteConnection,
  HUBSPOT_CHANNEL,
  lastSyncOf,
  lockConnection,
  pendingSyncs,
  readConnection,
  readConnectionForStatus,
  startBackfillRecord,
  storeConnection,
  updateConnection,
  type HubSpotConnectionRow,
} from './hubspot-store.js';
import { patiently } from './patiently.js';
import { builtInMatches, contactPropertyOf, createOurProperties, PRODUCT_GROUP } from './our-properties.js';
import { mappingProblem, productFields } from './product-fields.js';
import { backfillJob } from './sync-queue.js';
import { lastFour, SecretBoxError, type SecretBox } from '../../domain/secret-box.js';

/** The stored token is sealed under the session secret: another secret cannot open it. */
export class StoredTokenError extends ConflictError {
  override name = 'StoredTokenError';
}

const NOT_CONNECTED = 'HubSpot is not connected: connect it with a private app access token first.';

export interface HubSpotServiceDeps {
  db: Database;
  config: Pick<Config, 'hubspot' | 'productName' | 'publicUrl'>;
  content: Pick<PublicContent, 'demographicFields' | 'pillars'>;
  box: SecretBox;
  logger: Logger;
  /** This instance's own news of a change (every other instance hears NOTIFY). */
  changed: () => Promise<void>;
  /** Told when a job was queued here, to run it without waiting for the next poll. */
  nudge: () => void;
}

/** The connected account, with a client for its token. */
export interface Connected {
  row: HubSpotConnectionRow;
  client: HubSpotClient;
}

/**
 * The HubSpot connection for the admin: connect with a private app's token (checked, then stored
 * sealed), the mapping of the product's fields to the account's contact properties, the sync
 * switch and a sync of every submission. HubSpot's refusals come out as HubSpotErrors, for the
 * routes to answer.
 */
export class HubSpotService {
  /** One limiter per access token, shared by every request this instance sends with it. */
  private readonly limiters = new Map<string, SlidingWindowLimiter>();

  constructor(private readonly deps: HubSpotServiceDeps) {}

  private client(accessToken: string): HubSpotClient {
    return new HubSpotClient({
      accessToken,
      baseUrl: this.deps.config.hubspot.apiUrl,
      limiter: this.limiterFor(accessToken),
    });
  }

  private limiterFor(accessToken: string): SlidingWindowLimiter {
    let limiter = this.limiters.get(accessToken);
    if (!limiter) {
      limiter = new SlidingWindowLimiter(this.deps.config.hubspot.burstLimit);
      this.limiters.set(accessToken, limiter);
    }
    return limiter;
  }

  /** The connection with a client for its token, or null while none is made. */
  async connected(): Promise<Connected | null> {
    const row = await readConnection(this.deps.db);
    if (!row) return null;
    let token: string;
    try {
      token = this.deps.box.open(row.access_token_sealed);
    } catch (error) {
      if (!(error instanceof SecretBoxError)) throw error;
      throw new StoredTokenError(
        'The stored HubSpot token cannot be read: the session secret changed since it was stored. Connect again with the token.',
      );
    }
    keepOutOfLog(this.deps.logger, [token]);
    return { row, client: this.client(token) };
  }

  private async requireConnected(): Promise<Connected> {
    const connected = await this.connected();
    if (!connected) throw new ConflictError(NOT_CONNECTED);
    return connected;
  }

  /** The product's fields as they are now: current demographics, pillars and status names. */
  async fields(): Promise<HubSpotProductField[]> {
    const [demographics, pillars, statuses] = await Promise.all([
      this.deps.content.demographicFields(),
      this.deps.content.pillars(),
      readLeadStatuses(this.deps.db),
    ]);
    return productFields(
      demographics,
      pillars,
      statuses.map((status) => status.name),
    );
  }

  async status(): Promise<HubSpotStatus> {
    const { db } = this.deps;
    const [row, fields] = await Promise.all([readConnectionForStatus(db), this.fields()]);
    if (!row) {
      return {
        connected: false,
        tokenLastFour: null,
        portalId: null,
        connectedAt: null,
        syncEnabled: false,
        fields,
        mapping: {},
        lastSync: null,
        backfill: null,
        pending: 0,
      };
    }
    const jobStatus = backfillJobStatus(row);
    const pending = await pendingSyncs(db);
    return {
      connected: true,
      tokenLastFour: row.token_last_four || null,
      portalId: row.portal_id === null ? null : Number(row.portal_id),
      connectedAt: row.connected_at.toISOString(),
      syncEnabled: row.sync_enabled,
      fields,
      mapping: row.field_mapping,
      lastSync: lastSyncOf(row),
      backfill: backfillOf(row, jobStatus),
      pending,
    };
  }

  /** Writes the connection and tells every instance, this one before it answers. */
  private async write(work: (trx: Knex.Transaction) => Promise<void>): Promise<void> {
    await writeAndNotify(this.deps.db, HUBSPOT_CHANNEL, () => undefined, work);
    await this.deps.changed();
  }

  /**
   * Checks the token by listing the account's contact properties, which the sync needs to be
   * allowed; a refusal is a 400 on `accessToken` in HubSpot's words, and nothing is stored.
   */
  async connect(accessToken: string, userId: number | null, audit: AuditWriter): Promise<HubSpotStatus> {
    // The token's own limiter, as for every request with it; a token refused leaves none behind.
    const known = this.limiters.has(accessToken);
    const client = this.client(accessToken);
    try {
      await patiently(() => client.listContactProperties());
    } catch (error) {
      if (!known) this.limiters.delete(accessToken);
      if (error instanceof HubSpotError && (error.status === 401 || error.status === 403)) {
        throw new InvalidFieldError('accessToken', `HubSpot refused this token: ${error.hubspotMessage}`);
      }
      throw error;
    }
    // Which account it is, when the token may read that; the sync does not need it.
    const portalId = await client.accountDetails().then(
      (details) => details.portalId,
      () => null,
    );
    const previous = await readConnection(this.deps.db);
    await this.write(async (trx) => {
      await storeConnection(trx, {
        sealedToken: this.deps.box.seal(accessToken),
        lastFour: lastFour(accessToken),
        portalId,
        connectedBy: userId,
      });
      await audit(trx, { summary: { portalId, lastFour: lastFour(accessToken) || null } });
    });
    keepOutOfLog(this.deps.logger, [accessToken]);
    if (previous) this.forgetLimiterOf(previous, accessToken);
    return this.status();
  }

  /** Drops the limiter of a token no longer stored (unless it is `kept`, stored again). */
  private forgetLimiterOf(row: HubSpotConnectionRow, kept?: string): void {
    try {
      const token = this.deps.box.open(row.access_token_sealed);
      if (token !== kept) this.limiters.delete(token);
    } catch {
      // A token that no longer opens has no limiter here.
    }
  }

  /** Forgets the token and the mapping; queued syncs find nothing to send with and end. */
  async disconnect(audit: AuditWriter): Promise<HubSpotStatus> {
    const previous = await readConnection(this.deps.db);
    await this.write(async (trx) => {
      await deleteConnection(trx);
      await audit(trx, {
        summary: { portalId: previous?.portal_id ?? null, wasConnected: Boolean(previous) },
      });
    });
    if (previous) this.forgetLimiterOf(previous);
    return this.status();
  }

  async listProperties(): Promise<HubSpotPropertyList> {
    const { client } = await this.requireConnected();
    const properties = (await patiently(() => client.listContactProperties())).map(contactPropertyOf);
    properties.sort((a, b) => a.label.localeCompare(b.label) || a.name.localeCompare(b.name));
    return { properties, productGroup: PRODUCT_GROUP };
  }

  /**
   * Creates the product's group and properties and maps the fields to them, with the
   * demographics HubSpot has a built-in property for (first name, company…) where unmapped.
   */
  async createProperties(audit: AuditWriter): Promise<CreateHubSpotPropertiesResult> {
    const { client, row } = await this.requireConnected();
    const fields = await this.fields();
    const made = await createOurProperties(client, fields, this.deps.config.productName);
    const properties = (await patiently(() => client.listContactProperties())).map(contactPropertyOf);
    const mapping = {
      ...row.field_mapping,
      ...builtInMatches(fields, properties, row.field_mapping),
      ...made.mapping,
    };
    await this.write(async (trx) => {
      if (!(await lockConnection(trx))) throw new ConflictError(NOT_CONNECTED);
      await updateConnection(trx, { field_mapping: mapping });
      await audit(trx, { summary: { created: made.created.length, existing: made.existing.length } });
    });
    return { created: made.created, existing: made.existing, status: await this.status() };
  }

  /**
   * Replaces the mapping. Each field must be one of the product's and each property one the
   * account has that can hold the field's values (a 400 naming `mapping.<field>` otherwise), and
   * no property may take two fields.
   */
  async saveMapping(mapping: Record<string, string>, audit: AuditWriter): Promise<HubSpotStatus> {
    const { client } = await this.requireConnected();
    const fields = new Map((await this.fields()).map((field) => [field.key, field]));
    const entries = Object.entries(mapping);
    const issues: FieldIssue[] = entries
      .filter(([key]) => !fields.has(key))
      .map(([key]) => ({ field: `mapping.${key}`, message: 'is not a field of this product' }));
    assertNoIssues(issues);
    const properties = new Map(
      entries.length
        ? (await patiently(() => client.listContactProperties())).map((p) => [p.name, contactPropertyOf(p)])
        : [],
    );
    const mappedFrom = new Map<string, string>();
    for (const [key, name] of entries) {
      const property = properties.get(name);
      const problem = !property
        ? `"${name}" is not a contact property of this HubSpot account`
        : mappedFrom.has(name)
          ? `"${name}" is already mapped from ${fields.get(mappedFrom.get(name)!)!.label}`
          : mappingProblem(fields.get(key)!, property);
      if (problem) issues.push({ field: `mapping.${key}`, message: problem });
      mappedFrom.set(name, key);
    }
    assertNoIssues(issues);
    await this.write(async (trx) => {
      if (!(await lockConnection(trx))) throw new ConflictError(NOT_CONNECTED);
      await updateConnection(trx, { field_mapping: mapping });
      await audit(trx, { summary: { fields: entries.map(([key, name]) => `${key} → ${name}`) } });
    });
    return this.status();
  }

  async setSync(enabled: boolean, audit: AuditWriter): Promise<HubSpotStatus> {
    await this.write(async (trx) => {
      if (!(await lockConnection(trx))) throw new ConflictError(NOT_CONNECTED);
      await updateConnection(trx, { sync_enabled: enabled });
      await audit(trx, { summary: { enabled } });
    });
    return this.status();
  }

  /** Starts sending every submission to HubSpot, one such sync at a time (409 while one runs). */
  async startBackfill(audit: AuditWriter): Promise<HubSpotStatus> {
    await this.deps.db.transaction(async (trx) => {
      const row = await lockConnection(trx);
      if (!row) throw new ConflictError(NOT_CONNECTED);
      // The row is locked: no hand-over to another job can happen while its job's state is read.
      const job =
        row.backfill_job_id === null
          ? undefined
          : await trx('jobs')
              .where({ id: row.backfill_job_id })
              .first<{ status: string } | undefined>('status');
      const running =
        backfillJobStatus({ ...row, backfill_job_status: job?.status ?? null }) === 'unfinished';
      if (!row.backfill_finished_at && running) {
        throw new ConflictError(
          `A sync of all submissions is already running (${row.backfill_done ?? 0} of ${row.backfill_total ?? 0} done): wait for it to finish.`,
        );
      }
      const total = await countSubmissionsNow(trx);
      const jobId = await enqueueJob(trx, backfillJob());
      await startBackfillRecord(trx, total, jobId);
      await audit(trx, { summary: { submissions: total } });
    });
    this.deps.nudge();
    return this.status();
  }
}
