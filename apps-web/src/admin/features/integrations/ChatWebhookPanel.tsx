import { Button, Card, FormGroup, HTMLSelect, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { ChatWebhookKind } from '@msp/shared/browser';
import { useId, useState } from 'react';
import { formatDateTime } from '../../lib/format-date.js';
import {
  useChatWebhook,
  useDeleteChatWebhook,
  useSaveChatWebhook,
  useTestChatWebhook,
} from './chat-queries.js';

const KINDS: { value: ChatWebhookKind; label: string }[] = [
  { value: 'slack', label: 'Slack' },
  { value: 'teams', label: 'Microsoft Teams' },
];

/**
 * The team's chat channel: an incoming webhook of Slack or Microsoft Teams (a Workflows webhook)
 * that each new lead is posted to. Its URL is a secret: once saved it is never shown again, only
 * its host and last four characters; a new one replaces it.
 */
export function ChatWebhookPanel() {
  const headingId = useId();
  const chat = useChatWebhook();
  const [kind, setKind] = useState<ChatWebhookKind>('slack');
  const [url, setUrl] = useState('');
  const [editing, setEditing] = useState(false);
  const save = useSaveChatWebhook({
    onSaved: () => {
      setUrl('');
      setEditing(false);
    },
  });
  const remove = useDeleteChatWebhook();
  const test = useTestChatWebhook();
  const configured = chat.data?.configured ?? false;
  const showForm = !configured || editing;

  return (
    <Card className="admin-card integration-card chat-panel" role="region" aria-labelledby={headingId}>
      <div className="admin-inline integration-card__head">
        <h2 id={headingId} className="admin-title">
          Chat channel
        </h2>
        <Tag minimal round icon={IconNames.CHAT} intent={configured ? Intent.SUCCESS : Intent.NONE}>
          {configured
            ? `Posting to ${KINDS.find((k) => k.value === chat.data?.kind)?.label ?? 'chat'}`
            : 'Not set'}
        </Tag>
      </div>
      <p className="admin-note">
        Each new lead is posted to a Slack or Microsoft Teams channel through its incoming webhook: the
        company, the person, the levels, where they came from and a link to the submission.
      </p>
      {configured && chat.data && (
        <dl className="admin-info admin-list">
          <div>
            <dt>Webhook</dt>
            <dd>
              <code>{chat.data.hint}</code>
            </dd>
          </div>
          {chat.data.updatedAt && (
            <div>
              <dt>Saved</dt>
              <dd>{formatDateTime(chat.data.updatedAt)}</dd>
            </div>
          )}
        </dl>
      )}
      {showForm ? (
        <form
          className="chat-panel__form"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate({ kind, url: url.trim() });
          }}
        >
          <FormGroup label="Service" labelFor="chat-kind">
            <HTMLSelect
              id="chat-kind"
              className="admin-select"
              value={kind}
              onChange={(event) => setKind(event.currentTarget.value as ChatWebhookKind)}
              options={KINDS}
            />
          </FormGroup>
          <FormGroup
            label="Incoming webhook URL"
            labelFor="chat-url"
            helperText="Kept encrypted and never shown again once saved."
          >
            <InputGroup
              id="chat-url"
              type="password"
              autoComplete="off"
              placeholder="https://hooks.slack.com/services/…"
              value={url}
              onValueChange={setUrl}
            />
          </FormGroup>
          <div className="integration-card__actions">
            <Button
              type="submit"
              intent={Intent.PRIMARY}
              text="Save webhook"
              loading={save.isPending}
              disabled={!url.trim()}
            />
            {editing && <Button text="Cancel" onClick={() => setEditing(false)} disabled={save.isPending} />}
          </div>
        </form>
      ) : (
        <div className="integration-card__actions">
          <Button
            icon={IconNames.SEND_MESSAGE}
            text="Send test message"
            loading={test.isPending}
            onClick={() => test.mutate()}
          />
          <Button icon={IconNames.EDIT} text="Replace" onClick={() => setEditing(true)} />
          <Button
            icon={IconNames.TRASH}
            intent={Intent.DANGER}
            variant="outlined"
            text="Remove"
            loading={remove.isPending}
            onClick={() => remove.mutate()}
          />
        </div>
      )}
    </Card>
  );
}
