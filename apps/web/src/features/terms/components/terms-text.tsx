import Markdown, { type Components } from 'react-markdown';

// The server's text is Markdown; raw HTML in it is dropped, never rendered.
const components: Components = {
  h1: ({ node: _node, ...props }) => <h1 className="text-2xl font-semibold tracking-tight text-balance" {...props} />,
  h2: ({ node: _node, ...props }) => <h2 className="mt-4 text-lg font-semibold" {...props} />,
  h3: ({ node: _node, ...props }) => <h3 className="mt-2 text-base font-semibold" {...props} />,
  p: ({ node: _node, ...props }) => <p className="leading-relaxed" {...props} />,
  ul: ({ node: _node, ...props }) => <ul className="grid list-disc gap-1.5 pl-5 leading-relaxed" {...props} />,
  ol: ({ node: _node, ...props }) => <ol className="grid list-decimal gap-1.5 pl-5 leading-relaxed" {...props} />,
  a: ({ node: _node, ...props }) => (
    <a className="font-medium text-primary-text underline underline-offset-4" {...props} />
  ),
};

export function TermsText({ markdown }: { markdown: string }) {
  return (
    <div className="grid gap-3 text-sm">
      <Markdown components={components} skipHtml>
        {markdown}
      </Markdown>
    </div>
  );
}
