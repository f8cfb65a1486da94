import { Classes } from '@blueprintjs/core';
import { userCan, type CurrentUser } from '@msp/shared/browser';
import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useAdminHref } from '../routing.js';
import { ADMIN_SECTIONS } from '../sections.js';

/**
 * The admin tabs as a row of links in Blueprint's tab style: the URL decides the selected tab, each is a real link (Tab and
 * Enter, open in a new tab), and the current one carries aria-current="page". On a narrow screen
 * the row scrolls sideways, keeping the current tab in view.
 */
export function AdminTabs({ user }: { user: CurrentUser }) {
  const href = useAdminHref();
  const { pathname } = useLocation();
  const listRef = useRef<HTMLUListElement>(null);
  // Only the screens the user's role opens: a salesperson's portal is the lead desk.
  const tabs = ADMIN_SECTIONS.filter((section) => section.tab && userCan(user, section.permission));

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const showActive = () => {
      const active = list.querySelector<HTMLElement>('[aria-current="page"]');
      if (!active) return;
      // Scroll the row only (scrollIntoView could move the page too). The list is the tabs'
      // offset parent, so offsetLeft is the tab's place along the row.
      const start = active.offsetLeft;
      const end = start + active.offsetWidth;
      if (start < list.scrollLeft) list.scrollLeft = start - 16;
      else if (end > list.scrollLeft + list.clientWidth) list.scrollLeft = end - list.clientWidth + 16;
    };
    showActive();
    // Tabs change size when their font loads or the screen turns: keep the current one in view.
    const observer = new ResizeObserver(showActive);
    observer.observe(list);
    for (const item of list.children) observer.observe(item);
    return () => observer.disconnect();
  }, [pathname]);

  return (
    <nav className="admin-tabs" aria-label="Admin sections">
      <ul className={`${Classes.TAB_LIST} admin-tabs__list`} ref={listRef}>
        {tabs.map((section) => (
          <li key={section.path}>
            <NavLink
              to={href(section.path)}
              end={section.path === ''}
              className={`${Classes.TAB} admin-tabs__tab`}
            >
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
