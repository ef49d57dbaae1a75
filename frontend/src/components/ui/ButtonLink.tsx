import { Link, type LinkProps } from 'react-router-dom';
import { type ButtonSize, type ButtonVariant, buttonClasses } from './button-styles';

type ButtonLinkProps = LinkProps & { variant?: ButtonVariant; size?: ButtonSize };

/** A router link that looks like a button (navigation stays a link for screen readers). */
export function ButtonLink({ variant, size, className, ...rest }: ButtonLinkProps) {
  return (
    <Link
      className={buttonClasses(variant, size, typeof className === 'string' ? className : undefined)}
      {...rest}
    />
  );
}
