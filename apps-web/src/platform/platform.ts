/**
 * What the file holds: bytes already in hand, or an API path (with its query) whose answer the
 * platform downloads with the session's credentials, streaming where the host can (the desktop
 * client writes it straight to disk; server exports of CSV and XLSX can be large).
 */
export type SaveFileSource =
  | { readonly data: BlobPart }
  | {
      readonly apiPath: string;
      /**
       * The caller has asked the server first whether this download will be answered with the
       * file (and said in the page why not). A browser then hands the URL to its own download
       * manager, which streams the file to disk with its own progress and cancel, instead of
       * reading it into the page: for files too large to hold (a submissions export).
       */
      readonly checked?: boolean;
    };

/** How far a save has come; `totalBytes` is null while the size is not known. */
export interface SaveFileProgress {
  loadedBytes: number;
  totalBytes: number | null;
}

export interface SaveFileRequest {
  /** The suggested name, e.g. "msp-maturity-content-2026-03-04.json"; a save dialog may change it. */
  fileName: string;
  /** e.g. "application/json", "text/csv". */
  mimeType: string;
  source: SaveFileSource;
  /** Called as the bytes arrive or are written. */
  onProgress?: (progress: SaveFileProgress) => void;
  /** Aborting stops the download or write; the save then resolves as cancelled. */
  signal?: AbortSignal;
}

/**
 * How a save ended, for the screen to say so. Cancelled covers a dismissed save dialog and an
 * aborted signal; failures (a refused download, a full disk) reject instead.
 */
export type SaveFileResult =
  | {
      status: 'saved';
      /** The name the file was saved under. */
      fileName: string;
      /** Shows the saved file in the system's file manager, where the host can. */
      showInFolder?: () => void;
    }
  | {
      /** Handed to the browser's download manager, which shows its progress and saves it. */
      status: 'started';
      fileName: string;
    }
  | { status: 'cancelled' };

/**
 * Everything the admin module needs from the host it runs in. The browser serves the admin from the
 * API's own origin; the desktop client serves it from a custom scheme and signs in through a
 * window. Screens reach the host only through this interface (see `usePlatform`), so a new host is a
 * new implementation, not a change to a screen.
 */
export interface Platform {
  /** Prefix of every API URL: '' when `/api/...` is answered at the page's own origin. */
  readonly apiBaseUrl: string;
  /**
   * `fetch` for API calls, given a full URL (`apiBaseUrl` + path): sends the session's cookies and
   * the CSRF token, so the admin's code never handles either.
   */
  fetch(url: string, init?: RequestInit): Promise<Response>;
  /** Saves a file where the user chooses (a download in the browser, a save dialog on desktop). */
  saveFile(request: SaveFileRequest): Promise<SaveFileResult>;
  /** Opens a URL outside the admin: a new tab in the browser, the system browser on desktop. */
  openExternal(url: string): void;
  /**
   * Puts text on the system clipboard (a new API key's token). Rejects when the host could not,
   * so the screen can say so rather than claim "Copied!".
   */
  copyText(text: string): Promise<void>;
  /**
   * The address of a public page of the site ("/", "/matrix"). A path (starting with "/") means the
   * host's own router serves that page, so a link to it stays in the app; anything else is an
   * absolute URL, opened with `openExternal`.
   */
  publicUrl(path: string): string;
  /** The server's sign-in page, for links to it; `signIn` goes there. */
  readonly signInUrl: string;
  /** Leaves the admin for the sign-in page (also where a 401 sends the user). */
  signIn(): void;
  /** The server's sign-out address, for links to it; `signOut` goes there. */
  readonly signOutUrl: string;
  /** Ends the session. */
  signOut(): void;
}
