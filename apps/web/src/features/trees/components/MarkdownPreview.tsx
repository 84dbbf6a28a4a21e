import { Typography } from '@mantine/core';
import type { ComponentProps } from 'react';
import ReactMarkdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
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
const rehypePlugins = [rehypeSanitize];

/**
 * Renders node content. Raw HTML is not parsed (react-markdown default) and the tree is sanitised
 * with GitHub's schema, so no script, style or event-handler attribute can reach the page.
 */
export function MarkdownPreview({ source }: { source: string }) {
  return (
    <Typography fz="sm" className={classes.preview} data-testid="markdown-preview">
      <ReactMarkdown rehypePlugins={rehypePlugins} components={components}>
        {source}
      </ReactMarkdown>
    </Typography>
  );
}
