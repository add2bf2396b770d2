import { parseCodeMeta } from './src/render/mdx/code/parse-code-meta.js';
console.log(parseCodeMeta('example.py {1,3-4}'), parseCodeMeta('title="utils/hello.js" lines wrap'), parseCodeMeta('Restricted {7-9} oneOf variant'), parseCodeMeta('highlight={4}'), parseCodeMeta('focus=2,4,5 icon="java" HelloWorld.java example'));
