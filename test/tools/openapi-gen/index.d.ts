/** TypeScript declarations (`paths`, `components`, …) for an OpenAPI 3.x document object. */
export function typesOf(document: object): Promise<string>;
