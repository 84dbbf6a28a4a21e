import { Typography } from '@mantine/core';
import { useEffect, useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import ReactMarkdown, { type Options } from 'react-markdown';
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

type Plugins = { remark: NonNullable<Options['remarkPlugins']>; rehype: NonNullable<Options['rehypePlugins']> };

/** `$$`, or a `$…$` pair on one line: worth loading KaTeX for. */
const MATH = /\$\$|\$[^\s$][^$\n]*\$/;
export const hasMath = (source: string) => MATH.test(source);

let mathPlugins: Plugins | null = null;
let mathLoading: Promise<Plugins> | null = null;

/** Loads the math chunk once (KaTeX with its stylesheet); every renderer shares it. */
function loadMath(): Promise<Plugins> {
  mathLoading ??= import('./markdown-math.ts').then((math) => {
    mathPlugins = {
      remark: [...remarkPlugins, math.remarkMathPlugin as never],
      rehype: [...rehypePlugins, math.rehypeKatexPlugin as never],
    };
    return mathPlugins;
  });
  return mathLoading;
}

/** The plugins for `source`: with math once its chunk is in (the text shows as written until then). */
function usePlugins(source: string): Plugins {
  const wanted = hasMath(source);
  const [loaded, setLoaded] = useState(mathPlugins);
  useEffect(() => {
    if (!wanted || loaded) return;
    let live = true;
    void loadMath().then(
      (plugins) => live && setLoaded(plugins),
      // offline without the chunk: the text stays as written
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, loaded]);
  return wanted && loaded ? loaded : { remark: remarkPlugins, rehype: rehypePlugins };
}

/**
 * Renders node content as GitHub-flavoured Markdown (tables, task lists, ~~strikethrough~~, autolinks),
 * with `$…$` and `$$…$$` math typeset by KaTeX (loaded on first use). Raw HTML is not parsed
 * (react-markdown default) and the tree is sanitised with GitHub's schema, which admits GFM's output
 * (table parts, `del`, disabled checkbox inputs) but no script, style or event-handler attribute;
 * KaTeX then typesets the math the sanitiser let through.
 */
export function MarkdownPreview({
  source,
  link,
}: {
  source: string;
  /** draws links instead of the safe default (a cloze gap is a link the review session draws as a gap) */
  link?: (props: ComponentProps<'a'>) => ReactNode;
}) {
  const plugins = usePlugins(source);
  const used = useMemo(() => (link ? { a: link } : components), [link]);
  return (
    <Typography fz="sm" className={classes.preview} data-testid="markdown-preview">
      <ReactMarkdown remarkPlugins={plugins.remark} rehypePlugins={plugins.rehype} components={used}>
        {source}
      </ReactMarkdown>
    </Typography>
  );
}
