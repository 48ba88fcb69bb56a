import type { ReactNode } from 'react';

/** One named fact of an admin card's facts list (`<dl className="facts">`). */
export function Fact({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
