import { Button, Card, Classes, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { ApiKey } from '@msp/shared/browser';
import { formatDateTime } from '../../lib/format-date.js';
import { API_KEY_PERMISSION_INFO, permissionLabels } from './permission-labels.js';
import { useSetApiKeyActive } from './queries.js';

export interface ApiKeysListProps {
  apiKeys: readonly ApiKey[];
  onDelete: (key: ApiKey) => void;
}

const PERMISSION_INTENT: Record<string, Intent> = {
  read: Intent.NONE,
  user_manage: Intent.PRIMARY,
  admin: Intent.WARNING,
};

function PermissionTags({ permissions }: { permissions: readonly string[] }) {
  const labels = permissionLabels(permissions);
  return (
    <span className="admin-inline">
      {permissions.map((permission, index) => (
        <Tag
          key={permission}
          minimal
          round
          intent={PERMISSION_INTENT[permission] ?? Intent.NONE}
          title={
            permission in API_KEY_PERMISSION_INFO
              ? API_KEY_PERMISSION_INFO[permission as keyof typeof API_KEY_PERMISSION_INFO].description
              : undefined
          }
        >
          {labels[index]}
        </Tag>
      ))}
    </span>
  );
}

function StatusTag({ isActive }: { isActive: boolean }) {
  return isActive ? (
    <Tag intent={Intent.SUCCESS} icon={IconNames.TICK_CIRCLE} minimal round>
      Active
    </Tag>
  ) : (
    <Tag icon={IconNames.DISABLE} minimal round>
      Disabled
    </Tag>
  );
}

/** A time in "MMM d, yyyy HH:mm", or `empty` when there is none. */
function When({ iso, empty }: { iso: string | null; empty: string }) {
  const text = formatDateTime(iso);
  return text && iso ? (
    <time dateTime={iso}>{text}</time>
  ) : (
    <span className={Classes.TEXT_MUTED}>{empty}</span>
  );
}

/** Enable or Disable, and Delete. */
function KeyActions({
  apiKey,
  onDelete,
  fill = false,
}: {
  apiKey: ApiKey;
  onDelete: () => void;
  fill?: boolean;
}) {
  const setActive = useSetApiKeyActive();
  const busy = setActive.isPending;
  return (
    <div className={fill ? 'admin-card-actions' : 'admin-row-actions'}>
      <Button
        size="small"
        variant="outlined"
        icon={apiKey.isActive ? IconNames.DISABLE : IconNames.TICK_CIRCLE}
        text={apiKey.isActive ? 'Disable' : 'Enable'}
        aria-label={`${apiKey.isActive ? 'Disable' : 'Enable'} ${apiKey.name}`}
        fill={fill}
        loading={busy}
        onClick={() => setActive.mutate({ key: apiKey, isActive: !apiKey.isActive })}
      />
      <Button
        size="small"
        variant="outlined"
        intent={Intent.DANGER}
        icon={IconNames.TRASH}
        text="Delete"
        aria-label={`Delete ${apiKey.name}`}
        fill={fill}
        disabled={busy}
        onClick={onDelete}
      />
    </div>
  );
}

/** The keys as a table: Name, Token, Permissions, Status, Last Used, Created and Actions. */
export function ApiKeysTable({ apiKeys, onDelete }: ApiKeysListProps) {
  return (
    <div className="admin-table-wrap">
      <HTMLTable className="admin-table" interactive>
        <caption className="visually-hidden">API keys</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Token</th>
            <th scope="col">Permissions</th>
            <th scope="col">Status</th>
            <th scope="col">Last Used</th>
            <th scope="col">Created</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {apiKeys.map((apiKey) => (
            <tr key={apiKey.id} className={apiKey.isActive ? undefined : Classes.TEXT_MUTED}>
              <td>
                <strong className="admin-wrap">{apiKey.name}</strong>
              </td>
              <td>
                <code className={`${Classes.CODE} admin-nowrap`}>{apiKey.token}</code>
              </td>
              <td>
                <PermissionTags permissions={apiKey.permissions} />
              </td>
              <td>
                <StatusTag isActive={apiKey.isActive} />
              </td>
              <td className="admin-nowrap">
                <When iso={apiKey.lastUsedAt} empty="Never" />
              </td>
              <td className="admin-nowrap">
                <When iso={apiKey.createdAt} empty="—" />
              </td>
              <td>
                <KeyActions apiKey={apiKey} onDelete={() => onDelete(apiKey)} />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

/** The keys as stacked cards, for narrow screens. */
export function ApiKeysCards({ apiKeys, onDelete }: ApiKeysListProps) {
  return (
    <ul className="admin-cards" aria-label="API keys">
      {apiKeys.map((apiKey) => (
        <li key={apiKey.id}>
          <Card className="admin-item-card">
            <div className="admin-inline admin-summary">
              <strong className="admin-wrap">{apiKey.name}</strong>
              <StatusTag isActive={apiKey.isActive} />
            </div>
            <code className={`${Classes.CODE} admin-nowrap`}>{apiKey.token}</code>
            <dl className="admin-facts api-key-card__facts">
              <div>
                <dt>Permissions</dt>
                <dd>
                  <PermissionTags permissions={apiKey.permissions} />
                </dd>
              </div>
              <div>
                <dt>Last Used</dt>
                <dd>
                  <When iso={apiKey.lastUsedAt} empty="Never" />
                </dd>
              </div>
              <div>
                <dt>Created</dt>
                <dd>
                  <When iso={apiKey.createdAt} empty="—" />
                </dd>
              </div>
            </dl>
            <KeyActions apiKey={apiKey} onDelete={() => onDelete(apiKey)} fill />
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** Placeholder rows while the list loads, shaped like the table. */
export function ApiKeysSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="skeleton-rows" role="status" aria-label="Loading API keys">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="admin-dialog__row" aria-hidden>
          <span className={`skeleton-line ${Classes.SKELETON}`} />
          <span className={`skeleton-line ${Classes.SKELETON}`} />
          <span className={`skeleton-line ${Classes.SKELETON}`} />
          <span className={`skeleton-line ${Classes.SKELETON}`} />
        </div>
      ))}
    </div>
  );
}
