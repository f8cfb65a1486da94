import { KEY_HEADERS, TOKEN_PLACEHOLDER } from './api-access.js';

/** The headers a key may be sent in, each with an example and when to use it. */
export function KeyHeaderList() {
  return (
    <ul className="admin-pairs">
      {KEY_HEADERS.map((header) => (
        <li key={header.name}>
          <code>
            {header.name}: {header.value(TOKEN_PLACEHOLDER)}
          </code>
          <span className="admin-note">{header.note}</span>
        </li>
      ))}
    </ul>
  );
}
