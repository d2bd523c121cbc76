import { Box, Link, Typography } from '@mui/material';
import { parseResponseText, type ResponseInline } from '@symposium/domain';
import type { ReactNode } from 'react';

function inline(nodes: ResponseInline[]): ReactNode[] {
  return nodes.map((n, i) => {
    switch (n.t) {
      case 'text':
        return n.v;
      case 'br':
        return <br key={i} />;
      case 'em':
        return <em key={i}>{inline(n.c)}</em>;
      case 'strong':
        return <strong key={i}>{inline(n.c)}</strong>;
      case 'code':
        return <code key={i}>{n.v}</code>;
      case 'link':
        return (
          <Link key={i} href={n.href} target="_blank" rel="noopener noreferrer nofollow">
            {inline(n.c)}
          </Link>
        );
    }
  });
}

/**
 * An author response as the authors, reviewers and chairs read it: libs/domain's safe Markdown subset turned
 * into React elements (text is never HTML, so nothing in a response can inject markup).
 */
export function ResponseText({ text }: { text: string }) {
  return (
    <Box data-testid="response-text" sx={{ '& p': { mt: 0 }, overflowWrap: 'anywhere' }}>
      {parseResponseText(text).map((b, i) => {
        if (b.t === 'p')
          return (
            <Typography key={i} component="p" variant="body1" sx={{ mb: 1 }}>
              {inline(b.c)}
            </Typography>
          );
        if (b.t === 'pre')
          return (
            <Box
              key={i}
              component="pre"
              sx={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace', m: 0, mb: 1 }}
            >
              {b.v}
            </Box>
          );
        const List = b.t;
        return (
          <List key={i}>
            {b.items.map((item, j) => (
              <li key={j}>{inline(item)}</li>
            ))}
          </List>
        );
      })}
    </Box>
  );
}
