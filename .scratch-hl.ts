import { fromHtml } from 'hast-util-from-html';
const t = fromHtml('<pre data-highlight="1,3,4" data-sheaf-code="x"><code>a</code></pre>', { fragment: true });
console.log(JSON.stringify((t.children[0] as any).properties));
