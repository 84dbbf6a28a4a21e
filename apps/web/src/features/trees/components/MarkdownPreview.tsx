import { Typography } from '@mantine/core';
import type { ComponentProps } from 'react';
import ReactMarkdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import classes from './MarkdownPreview.module.css';

// Links in user content open in a new tab and pass neither the opener nor any endorsement.
function SafeLink(props: ComponentProps<'a'>) {
  return (
    <a href={props.href} title={props.title} target="_blank" rel="noopener nofollow noreferrer">
      {props.children}
    </a>
  );
}

const components = { a: SafeLink };
const remarkPlugins = [remarkGfm];
const rehypePlugins = [rehypeSanitize];

/**
 * Renders node content as GitHub-flavoured Markdown (tables, task lists, ~~strikethrough~~, autolinks).
 * Raw HTML is not parsed (react-markdown default) and the tree is sanitised with GitHub's schema, which
 * admits GFM's output (table parts, `del`, disabled checkbox inputs) but no script, style or
 * event-handler attribute.
 */
export function MarkdownPreview({ source }: { source: string }) {
  return (
    <Typography fz="sm" className={classes.preview} data-testid="markdown-preview">
      <ReactMarkdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} components={components}>
        {source}
      </ReactMarkdown>
    </Typography>
  );
}
