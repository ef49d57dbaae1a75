export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" className={className} aria-hidden="true">
      <defs>
        <linearGradient id="lf-logo" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7c3aed" />
          <stop offset="1" stopColor="#f43f5e" />
        </linearGradient>
      </defs>
      <rect width="40" height="40" rx="12" fill="url(#lf-logo)" />
      <circle cx="20" cy="22" r="9" fill="#fff7ed" />
      <path d="M20 13c1.8-3.2 5-4.2 7-3.4-1 2.6-3.8 4-7 3.4z" fill="#fde68a" />
      <circle cx="16.8" cy="22" r="1.3" fill="#4c1d95" />
      <circle cx="23.2" cy="22" r="1.3" fill="#4c1d95" />
      <path
        d="M17 25.5c1.8 1.6 4.2 1.6 6 0"
        stroke="#4c1d95"
        strokeWidth="1.4"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}
