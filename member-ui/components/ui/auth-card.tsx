import Heart from 'lucide-react/icons/heart';
import type { ReactNode } from 'react';

/** The framed card every sign-in and recovery screen sits in. */
export function AuthCard({
  title,
  subtitle,
  icon,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <section className="auth" aria-labelledby="auth-title">
      <div className="auth__card">
        <div className="auth__emblem" aria-hidden="true">
          {icon ?? <Heart size={26} fill="currentColor" />}
        </div>
        <h1 id="auth-title" className="auth__title">
          {title}
        </h1>
        {subtitle ? <p className="auth__subtitle">{subtitle}</p> : null}
        <div className="auth__body">{children}</div>
      </div>
      {footer ? <div className="auth__footer">{footer}</div> : null}
    </section>
  );
}
