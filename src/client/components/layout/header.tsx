import { CalendarDays, LogOut, Menu, MessageSquare, ShieldCheck, User, X } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useAuth } from '@/client/lib/auth';
import { cn } from '@/client/lib/cn';
import { paths } from '@/client/lib/paths';
import { Button } from '../ui/button';
import { Logo } from './logo';

const NAV_LINKS = [
  { href: paths.search(), label: 'Browse Spaces' },
  { href: paths.map(), label: 'Map' },
  { href: paths.listSpace(), label: 'List Your Space' },
  { href: paths.donate(), label: 'Donate' },
] as const;

interface HeaderProps {
  onLogIn: () => void;
  onSignUp: () => void;
  onLogOut: () => void;
  /** Unread messages; no badge at 0, '99+' above 99 (docs/product.md#header-and-footer). */
  unreadCount?: number;
  /** The notification bell (a feature's, composed by the app) for a signed-in user: in the bar on every width. */
  notifications?: ReactNode;
}

/** The unread count as shown: capped at '99+' (docs/product.md#header-and-footer). */
const unreadText = (count: number) => (count > 99 ? '99+' : String(count));

/** The shared header: logo, main links, and the session's actions; a menu on phones. */
export function Header({ onLogIn, onSignUp, onLogOut, unreadCount = 0, notifications }: HeaderProps) {
  const { user } = useAuth();
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLocation, setMenuLocation] = useState(location);
  // Close the phone menu after navigating.
  if (menuLocation !== location) {
    setMenuLocation(location);
    setMenuOpen(false);
  }
  const menuButton = useRef<HTMLButtonElement>(null);
  // The menu's buttons leave the page with the menu: focus moves to the menu button first, so a
  // dialog opened from the menu returns focus there when it closes.
  const closeMenuAnd = (action: () => void) => () => {
    menuButton.current?.focus();
    setMenuOpen(false);
    action();
  };

  // The owner's calendar: for those who list spaces (docs/product.md#calendar).
  const owner = user?.userType === 'lister' || user?.userType === 'both';
  // The operators' console: its link only for admins (docs/decisions/029-operators-and-the-audit-log.md).
  const operator = user?.role === 'admin';
  const messagesLabel = unreadCount > 0 ? `Messages (${unreadText(unreadCount)} unread)` : 'Messages';
  const linkClass = (active: boolean) =>
    cn(
      'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-slate-100 hover:text-slate-900',
      active ? 'text-primary' : 'text-slate-700',
    );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo />

        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {NAV_LINKS.map((link) => (
            <Link key={link.href} href={link.href} className={linkClass}>
              {link.label}
            </Link>
          ))}
        </nav>

        <div className="flex items-center gap-2">
          {user && notifications ? notifications : null}
          <div className="hidden items-center gap-2 md:flex">
            {user ? (
              <>
                <Link
                  href={paths.messages()}
                  aria-label={messagesLabel}
                  className="relative rounded-md p-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                >
                  <MessageSquare className="size-5" aria-hidden="true" />
                  {unreadCount > 0 ? (
                    <span className="absolute -top-1 -right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] font-semibold text-white">
                      {unreadText(unreadCount)}
                    </span>
                  ) : null}
                </Link>
                {owner ? (
                  <Link
                    href={paths.calendar()}
                    aria-label="Calendar"
                    className="rounded-md p-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                  >
                    <CalendarDays className="size-5" aria-hidden="true" />
                  </Link>
                ) : null}
                {operator ? (
                  <Link
                    href={paths.admin()}
                    aria-label="Console"
                    className="rounded-md p-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                  >
                    <ShieldCheck className="size-5" aria-hidden="true" />
                  </Link>
                ) : null}
                <span className="px-1 text-sm text-slate-700">Hi, {user.firstName}</span>
                <Link
                  href={paths.profile()}
                  aria-label="Profile"
                  className="rounded-md p-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                >
                  <User className="size-5" aria-hidden="true" />
                </Link>
                <Button variant="ghost" size="sm" onClick={onLogOut}>
                  <LogOut aria-hidden="true" />
                  Log out
                </Button>
              </>
            ) : (
              <>
                <Button variant="ghost" onClick={onLogIn}>
                  Log in
                </Button>
                <Button onClick={onSignUp}>Sign up</Button>
              </>
            )}
          </div>

          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            ref={menuButton}
            aria-label="Open menu"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
          </Button>
        </div>
      </div>

      {menuOpen ? (
        <div id="mobile-menu" className="border-t border-slate-200 bg-white px-4 pt-2 pb-4 md:hidden">
          <nav aria-label="Mobile" className="grid gap-1">
            {NAV_LINKS.map((link) => (
              <Link key={link.href} href={link.href} className={linkClass}>
                {link.label}
              </Link>
            ))}
            {user ? (
              <>
                <Link href={paths.messages()} className={linkClass}>
                  <span className="flex items-center justify-between">
                    Messages
                    {unreadCount > 0 ? (
                      <span className="rounded-full bg-destructive px-2 text-xs font-semibold text-white">{unreadText(unreadCount)}</span>
                    ) : null}
                  </span>
                </Link>
                {owner ? (
                  <Link href={paths.calendar()} className={linkClass}>
                    Calendar
                  </Link>
                ) : null}
                <Link href={paths.profile()} className={linkClass}>
                  Profile
                </Link>
                {operator ? (
                  <Link href={paths.admin()} className={linkClass}>
                    Console
                  </Link>
                ) : null}
              </>
            ) : null}
          </nav>
          <div className="mt-3 grid gap-2 border-t border-slate-200 pt-3">
            {user ? (
              <>
                <p className="px-3 text-sm text-slate-700">Hi, {user.firstName}</p>
                <Button variant="outline" onClick={closeMenuAnd(onLogOut)}>
                  <LogOut aria-hidden="true" />
                  Log out
                </Button>
              </>
            ) : (
              <>
                <Button variant="outline" onClick={closeMenuAnd(onLogIn)}>
                  Log in
                </Button>
                <Button onClick={closeMenuAnd(onSignUp)}>Sign up</Button>
              </>
            )}
          </div>
        </div>
      ) : null}
    </header>
  );
}
