import { Link } from 'react-router-dom';

export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="logo" aria-label="Moba">
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="6" fill="#14532d" />
        <path d="M8 24V9l8 9 8-9v15" stroke="#fde047" strokeWidth="3.5" fill="none" strokeLinejoin="round" />
      </svg>
      <span>Moba</span>
    </Link>
  );
}
