import type { allRoutes } from '@msp/shared';

/** Any route of the contract. */
export type AnyRoute = (typeof allRoutes)[keyof typeof allRoutes];

/** The parts of a route schema's JSON Schema that the generated bad-input tests read. */
export type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  maxLength?: number;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** A schema seen through its nullable and optional wrappers. */
export function unwrap(node: JsonSchema): JsonSchema {
  const branches = node.anyOf ?? node.oneOf ?? node.allOf;
  if (!branches) return node;
  return unwrap(branches.find((branch) => branch.type !== 'null') ?? node);
}
