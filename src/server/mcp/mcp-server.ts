import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListResourcesRequestSchema, ListResourceTemplatesRequestSchema, ListToolsRequestSchema, ReadResourceRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import Ajv2020Module from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import { SHEAF_VERSION } from '../../version.js';
import type { FeedbackLog } from './feedback-log.js';
import { serverNameOf } from './mcp-discovery.js';
import { DEFAULT_RESULTS, instructionsOf, toolDefinitions, toolNamesOf, type ToolDefinition } from './mcp-tools.js';
import type { SiteInfo, SiteReader } from './site-reader.js';

// ajv is CommonJS; imported from ESM, its class is the `default` of the module.
const Ajv2020 = Ajv2020Module.default;

export interface McpServerOptions {
  readonly site: SiteReader;
  /** The site as clients reach it (`http://127.0.0.1:8080`, `file:///…/_site`), no trailing `/`: links in results and resource URIs start with it. */
  readonly siteUrl: string;
  /** Where the feedback tool writes. */
  readonly feedback: FeedbackLog;
}

/** The JSON-RPC error code of a resource that is not there (MCP specification, Resources). */
const RESOURCE_NOT_FOUND = -32002;

/**
 * The search MCP server of a site (one per connection; stateless over HTTP, one per request): the
 * search, read and feedback tools of mcp-tools.ts, and the site's llms.txt and skill files as
 * resources. A tool's arguments are checked against its input schema: a mistake is a tool error
 * the agent can read and correct; an unknown tool is a JSON-RPC error.
 */
export async function createMcpServer(options: McpServerOptions): Promise<Server> {
  const { site, siteUrl, feedback } = options;
  const info = await site.info();
  const tools = toolDefinitions(info);
  const names = toolNamesOf(info.name);
  const server = new Server({ name: serverNameOf(info), title: `${info.name} documentation`, version: SHEAF_VERSION }, { capabilities: { tools: {}, resources: {} }, instructions: instructionsOf(info) });
  const url = (sitePath: string) => `${siteUrl}${sitePath.startsWith('/') ? '' : '/'}${sitePath}`;
  // Pages have URLs on a served site; a folder read over stdio without `--site-url` gives paths.
  const served = /^https?:/i.test(siteUrl);

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.map((t) => ({ ...t, annotations: { ...t.annotations } })) }));

  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = tools.find((t) => t.name === request.params.name);
    if (!tool) throw rpcFailure(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}. This server's tools: ${tools.map((t) => t.name).join(', ')}.`);
    const args: unknown = request.params.arguments ?? {};
    const problem = argumentProblem(tool, args);
    if (problem) return toolError(`Invalid arguments for ${tool.name}: ${problem}`);
    if (tool.name === names.search) return search(args as SearchArgs);
    if (tool.name === names.read) return read(args as ReadArgs);
    const client = server.getClientVersion();
    return submitFeedback(args as FeedbackArgs, client ? `${client.name} ${client.version}` : undefined);
  });

  async function search(args: SearchArgs): Promise<CallToolResult> {
    const hits = await site.search(args.query, { limit: args.limit ?? DEFAULT_RESULTS, version: args.version, language: args.language });
    if (hits.length === 0) return { content: [{ type: 'text', text: `No results for "${args.query}" in the ${info.name} documentation.` }] };
    return {
      content: hits.map((hit) => ({
        type: 'text' as const,
        text: [
          `Title: ${hit.title}${hit.section ? ` › ${hit.section}` : ''}`,
          `Path: ${hit.path}`,
          ...(served ? [`URL: ${url(hit.path)}`] : []),
          ...(hit.version ? [`Version: ${hit.version}`] : []),
          ...(hit.language ? [`Language: ${hit.language}`] : []),
          '',
          hit.snippet,
        ].join('\n'),
      })),
    };
  }

  async function read(args: ReadArgs): Promise<CallToolResult> {
    const parts = await Promise.all(
      args.paths.map(async (wanted): Promise<{ ok: boolean; text: string }> => {
        const route = await site.routeOf(wanted);
        if (route === undefined) return { ok: false, text: `No page at ${wanted}. Find pages with ${names.search}.` };
        const page = await site.page(route, args.section);
        if (page) return { ok: true, text: `Source: ${served ? url(route) : route}\n\n${page.markdown}` };
        if (args.section === undefined) return { ok: false, text: `The page ${route} has no Markdown copy.` };
        const headings = await site.headings(route);
        return { ok: false, text: `The page ${route} has no section "${args.section}".${headings.length ? ` Its sections: ${headings.join('; ')}.` : ''}` };
      }),
    );
    return { content: parts.map((p) => ({ type: 'text' as const, text: p.text })), ...(parts.every((p) => !p.ok) ? { isError: true } : {}) };
  }

  async function submitFeedback(args: FeedbackArgs, client: string | undefined): Promise<CallToolResult> {
    const route = (await site.routeOf(args.path)) ?? null;
    const kept = await feedback.append({ time: new Date().toISOString(), path: args.path, route, problem: args.problem, ...(client ? { client } : {}) }).catch(() => 'unwritable' as const);
    if (kept === false) return toolError('The feedback log is full; the report was not kept.');
    // The reason (a path of the host's disk) is not the agent's business.
    if (kept === 'unwritable') return toolError('The feedback log cannot be written on this server; the report was not kept.');
    return { content: [{ type: 'text', text: `Thank you: the report about ${route ?? args.path} was recorded for the authors of ${info.name}.` }] };
  }

  /** The site's resources with their URIs: the site's URL of each file, percent-encoded. */
  const resources = async () => (await site.resources()).map((r) => ({ ...r, uri: url(encodeURI(r.path)) }));

  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: (await resources()).map((r) => ({ uri: r.uri, name: r.path, title: resourceTitle(r.path, info), mimeType: r.mimeType })),
  }));
  // No templates: MCP Inspector and VS Code ask for them, and an empty list answers better than "method not found".
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: [] }));

  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const uri = request.params.uri;
    const resource = (await resources()).find((r) => r.uri === uri);
    const text = resource ? await site.resource(resource) : undefined;
    if (!resource || text === undefined) throw rpcFailure(RESOURCE_NOT_FOUND, `No resource ${uri}. List them with resources/list.`);
    return { contents: [{ uri, mimeType: resource.mimeType, text }] };
  });

  return server;
}

interface SearchArgs {
  readonly query: string;
  readonly limit?: number;
  readonly version?: string;
  readonly language?: string;
}
interface ReadArgs {
  readonly paths: readonly string[];
  readonly section?: string;
}
interface FeedbackArgs {
  readonly path: string;
  readonly problem: string;
}

const toolError = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true });

/** A JSON-RPC error for the SDK to answer with: its code and this message as is (`McpError` would prefix `MCP error <code>:`, which clients prefix again). */
const rpcFailure = (code: number, message: string): Error => Object.assign(new Error(message), { code });

function resourceTitle(sitePath: string, info: SiteInfo): string {
  if (sitePath === 'llms.txt') return `${info.name}: index of pages (llms.txt)`;
  if (sitePath === 'skill.md') return `${info.name}: skill`;
  return `${info.name}: skill file ${sitePath.replace(/^\.well-known\/skills\//, '')}`;
}

/** Compiled checks of input schemas, by schema text (a site's schemas change only with its versions and languages). */
const validators = new Map<string, ValidateFunction>();
const ajv = new Ajv2020({ allErrors: false, strict: false, useDefaults: false });

/** Why `args` do not fit the tool's input schema, in one line; undefined when they do. */
function argumentProblem(tool: ToolDefinition, args: unknown): string | undefined {
  const key = JSON.stringify(tool.inputSchema);
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(tool.inputSchema);
    if (validators.size > 64) validators.clear();
    validators.set(key, validate);
  }
  if (validate(args)) return undefined;
  const error = validate.errors?.[0];
  if (!error) return 'they do not match the input schema';
  const where = error.instancePath ? error.instancePath.slice(1).replace(/\//g, '.') : 'arguments';
  if (error.keyword === 'additionalProperties') return `unknown argument "${String(error.params.additionalProperty)}"`;
  if (error.keyword === 'required') return `missing "${String(error.params.missingProperty)}"`;
  if (error.keyword === 'enum') return `${where} must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  return `${where} ${error.message ?? 'is not valid'}`;
}
