import path from 'node:path';
import { z } from 'zod';
import { INVOKE_CHANNELS, SEND_CHANNELS, type DesktopBridge } from '../shared/bridge.js';
import { isApiPath, isExternalUrl } from './navigation.js';

/** Exports are streamed from the server; bytes handed over IPC are small documents (a backup). */
const MAX_INLINE_BYTES = 64 * 1024 * 1024;

const address = z.string().min(1).max(2048);
const id = z.string().min(1).max(100);
const apiPath = z.string().max(8192).refine(isApiPath, 'must be a path under /api/');

/** A file name only: no folder, so the suggested name cannot point the dialog elsewhere. */
const fileName = z
  .string()
  .min(1)
  .max(255)
  .refine(
    (name) => !/[/\\\0]/.test(name) && name !== '.' && name !== '..' && path.basename(name) === name,
    'must be a file name without a folder',
  );

/** Each channel's arguments, checked in main whatever the preload sent. */
export const invokeSchemas = {
  [INVOKE_CHANNELS.getServerUrl]: z.tuple([]),
  [INVOKE_CHANNELS.checkServer]: z.tuple([address]),
  [INVOKE_CHANNELS.setServerUrl]: z.tuple([address]),
  [INVOKE_CHANNELS.serverCookies]: z.tuple([]),
  [INVOKE_CHANNELS.signIn]: z.tuple([]),
  [INVOKE_CHANNELS.signOut]: z.tuple([]),
  [INVOKE_CHANNELS.saveFile]: z.tuple([
    z.strictObject({
      id,
      fileName,
      mimeType: z.string().min(1).max(200),
      source: z.union([
        z.strictObject({ apiPath }),
        z.strictObject({
          data: z
            .instanceof(Uint8Array)
            .refine((bytes) => bytes.byteLength <= MAX_INLINE_BYTES, 'is larger than 64 MB'),
        }),
      ]),
    }),
  ]),
  [INVOKE_CHANNELS.copyText]: z.tuple([z.string().max(1_000_000)]),
} as const;

export const sendSchemas = {
  [SEND_CHANNELS.cancelSave]: z.tuple([id]),
  [SEND_CHANNELS.showInFolder]: z.tuple([id]),
  [SEND_CHANNELS.openExternal]: z.tuple([
    z.string().max(8192).refine(isExternalUrl, 'must be an http or https address'),
  ]),
} as const;

/**
 * What main does for each channel, once its payload has been checked: the bridge's calls, less the
 * subscriptions (save progress, the menu's Change Server), which main pushes rather than answers.
 */
export type MainHandlers = Omit<DesktopBridge, 'onSaveProgress' | 'onChangeServer'>;

/** The part of `ipcMain` used here; tests and the browser test's host give their own. */
export interface MainIpc {
  handle(channel: string, listener: (event: IpcSenderEvent, ...args: unknown[]) => unknown): void;
  on(channel: string, listener: (event: IpcSenderEvent, ...args: unknown[]) => void): void;
}

/** What an IPC event tells about its sender: the address of the frame that sent it. */
export interface IpcSenderEvent {
  senderFrame?: { url: string } | null;
}

/** A payload that failed its schema: the channel and the field, never the payload itself. */
export class InvalidIpcPayload extends Error {
  constructor(channel: string, error: z.ZodError) {
    const issue = error.issues[0];
    super(
      `Invalid ${channel} payload: ${issue ? `${issue.path.join('.') || 'arguments'} ${issue.message}` : 'rejected'}`,
    );
    this.name = 'InvalidIpcPayload';
  }
}

const invokeTargets: Record<keyof typeof invokeSchemas, keyof MainHandlers> = {
  [INVOKE_CHANNELS.getServerUrl]: 'getServerUrl',
  [INVOKE_CHANNELS.checkServer]: 'checkServer',
  [INVOKE_CHANNELS.setServerUrl]: 'setServerUrl',
  [INVOKE_CHANNELS.serverCookies]: 'serverCookies',
  [INVOKE_CHANNELS.signIn]: 'signIn',
  [INVOKE_CHANNELS.signOut]: 'signOut',
  [INVOKE_CHANNELS.saveFile]: 'saveFile',
  [INVOKE_CHANNELS.copyText]: 'copyText',
};

const sendTargets: Record<keyof typeof sendSchemas, keyof MainHandlers> = {
  [SEND_CHANNELS.cancelSave]: 'cancelSave',
  [SEND_CHANNELS.showInFolder]: 'showInFolder',
  [SEND_CHANNELS.openExternal]: 'openExternal',
};

/**
 * Registers every channel: a message from any frame but the app's own is refused, and a payload
 * that fails its schema never reaches the handler (an invoke rejects; a send is dropped and logged).
 */
export function registerIpcHandlers(
  ipc: MainIpc,
  handlers: MainHandlers,
  {
    isTrustedSender,
    log = console.warn,
  }: { isTrustedSender: (url: string) => boolean; log?: (message: string) => void },
): void {
  const trusted = (event: IpcSenderEvent) => {
    const url = event.senderFrame?.url;
    return typeof url === 'string' && isTrustedSender(url);
  };
  for (const [channel, schema] of Object.entries(invokeSchemas)) {
    const target = handlers[invokeTargets[channel as keyof typeof invokeSchemas]] as (
      ...args: unknown[]
    ) => unknown;
    ipc.handle(channel, async (event, ...args) => {
      if (!trusted(event)) throw new Error(`${channel} refused: not sent by the app`);
      const parsed = schema.safeParse(args);
      if (!parsed.success) throw new InvalidIpcPayload(channel, parsed.error);
      return target(...(parsed.data as unknown[]));
    });
  }
  for (const [channel, schema] of Object.entries(sendSchemas)) {
    const target = handlers[sendTargets[channel as keyof typeof sendSchemas]] as (
      ...args: unknown[]
    ) => unknown;
    ipc.on(channel, (event, ...args) => {
      if (!trusted(event)) return log(`${channel} refused: not sent by the app`);
      const parsed = schema.safeParse(args);
      if (!parsed.success) return log(new InvalidIpcPayload(channel, parsed.error).message);
      target(...(parsed.data as unknown[]));
    });
  }
}
