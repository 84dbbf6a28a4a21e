import { call } from '../../testing/call.ts';
import type { NodeImage } from '@arbor/contract';
import type { TreeDocumentInput } from '@arbor/tree-core';
import type { FastifyInstance } from 'fastify';
import type { TestUser } from '../../testing/test-app.ts';

/** A valid document: a root with `count - 1` children spread over a few branches. */
export function sampleDocument(count = 4, title = 'Root'): TreeDocumentInput {
  const nodes = [{ id: 'root', parent_id: null, title }];
  for (let i = 1; i < count; i++)
    nodes.push({ id: `n${i}`, parent_id: i <= 3 ? 'root' : `n${1 + (i % 3)}`, title: `Node ${i}` } as never);
  return { nodes };
}

/** Creates a tree through the API and returns its JSON. */
export async function createTree(app: FastifyInstance, user: TestUser, body: Record<string, unknown> = {}) {
  const res = await call(app, user, 'POST', '/api/tree/skills_tree/', { title: 'My tree', ...body });
  if (res.statusCode !== 201) throw new Error(`createTree: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A multipart body of a node-image form: text fields and an optional file part `image`. */
export function nodeImageForm(fields: Record<string, string>, file?: { bytes: Buffer; name?: string; type?: string }) {
  const boundary = '----arbor-test-boundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${file.name ?? 'a.png'}"\r\nContent-Type: ${file.type ?? 'image/png'}\r\n\r\n`,
      ),
    );
    chunks.push(file.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads `bytes` through the API as the image of node `nodeId` of tree `treeId`; returns its `NodeImage` JSON. */
export async function uploadNodeImage(
  app: FastifyInstance,
  user: TestUser,
  treeId: number,
  nodeId: string,
  bytes: Buffer,
): Promise<NodeImage> {
  const body = nodeImageForm({ tree: String(treeId), node_id: nodeId }, { bytes });
  const res = await call(app, user, 'POST', '/api/tree/node_image/', body.payload, { headers: body.headers });
  if (res.statusCode !== 201) throw new Error(`uploadNodeImage: ${res.statusCode} ${res.body}`);
  return res.json();
}
