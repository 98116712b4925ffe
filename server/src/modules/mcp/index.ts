/** The agent endpoint: MCP over Streamable HTTP at POST /api/mcp, acting as an employee through the console's use cases. */
export { mcpRoutes } from './routes.ts';
export { TOOLS, toolsFor } from './catalogue.ts';
