/**
 * The addresses in pasted text: a list copied from a spreadsheet or a mail client comes one a line,
 * or separated by commas or semicolons, sometimes as "Name <address>".
 */
export function splitAddresses(text: string): string[] {
  return text
    .split(/[\n\r,;]+/)
    .map((part) => {
      const bracketed = /<([^<>]+)>/.exec(part);
      return (bracketed ? bracketed[1]! : part).trim();
    })
    .filter((part) => part !== '');
}
