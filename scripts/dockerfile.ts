/** One instruction of a Dockerfile, continuation lines joined; `exec` is the JSON (exec) form. */
export interface Instruction {
  keyword: string;
  args: string;
  exec?: string[];
}

/** One `FROM … [AS name]` stage and what follows it. */
export interface Stage {
  from: string;
  name?: string;
  instructions: Instruction[];
}

function execForm(args: string): string[] | undefined {
  if (!args.startsWith('[')) return undefined;
  const parsed: unknown = JSON.parse(args);
  if (!Array.isArray(parsed) || !parsed.every((part) => typeof part === 'string')) {
    throw new Error(`Not an exec form: ${args}`);
  }
  return parsed;
}

/**
 * Reads the Dockerfile syntax this project uses (no heredocs, no escape directive), enough for the
 * deployment test and the production-install check to read the same commands the image runs.
 */
export function parseDockerfile(text: string): Stage[] {
  const logical: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#') || (!line && !pending)) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1).trim()} `;
      continue;
    }
    logical.push(`${pending}${line}`.trim());
    pending = '';
  }
  if (pending) logical.push(pending.trim());

  const stages: Stage[] = [];
  for (const line of logical) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const instruction = { keyword: keyword.toUpperCase(), args, exec: execForm(args) };
    if (instruction.keyword === 'FROM') {
      const [from = '', as, name] = args.split(/\s+/);
      stages.push({ from, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`${instruction.keyword} before any FROM`);
    stage.instructions.push(instruction);
  }
  return stages;
}

/** The `KEY=value` pairs of a stage's ENV instructions (unquoted values, as this project writes them). */
export function stageEnv(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { args } of stage.instructions.filter((i) => i.keyword === 'ENV')) {
    for (const pair of args.split(/\s+/)) {
      const eq = pair.indexOf('=');
      if (eq > 0) env[pair.slice(0, eq)] = pair.slice(eq + 1);
    }
  }
  return env;
}

/** A HEALTHCHECK's options and its command, exec form. */
export function healthcheck(stage: Stage): { options: Record<string, string>; exec: string[] } | undefined {
  const instruction = stage.instructions.find((i) => i.keyword === 'HEALTHCHECK');
  if (!instruction) return undefined;
  const match = /^((?:--\S+\s+)*)CMD\s+(\[.*\])$/.exec(instruction.args);
  if (!match) throw new Error(`HEALTHCHECK without an exec-form CMD: ${instruction.args}`);
  const options = Object.fromEntries(
    (match[1] ?? '')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((option) => option.replace(/^--/, '').split('=') as [string, string]),
  );
  return { options, exec: execForm(match[2] ?? '') ?? [] };
}

/** The last instruction of `keyword` in a stage (Docker uses the last CMD, USER, WORKDIR). */
export function last(stage: Stage, keyword: string): Instruction | undefined {
  return stage.instructions.filter((i) => i.keyword === keyword).at(-1);
}
