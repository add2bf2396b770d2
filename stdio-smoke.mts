import { stdioClient, textsOf } from '/work/main/test/server/mcp/mcp-client.js';
const { client, stderr } = await stdioClient(process.execPath, ['/work/main/bin/sheaf.js', 'mcp', process.argv[2] as string, '--data-dir', '/tmp/mcpdata']);
console.log((await client.listTools()).tools.map((t) => t.name), JSON.stringify((await client.listTools()).tools[0]?.inputSchema.properties));
const r = await client.callTool({ name: (await client.listTools()).tools[0]!.name, arguments: { query: 'quickstart', version: 'v2', language: 'fr', limit: 3 } });
console.log(textsOf(r).join('\n====\n'));
console.log(JSON.stringify(await client.listResources()));
await client.close();
console.log('STDERR', stderr());
