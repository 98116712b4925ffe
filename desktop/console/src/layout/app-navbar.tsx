import { AppShell, NavLink, ScrollArea, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterLink, useLocation } from 'react-router';
import { useSessionUser } from '../session/session-context.tsx';
import { navSectionsFor } from './nav-items.tsx';

/** The left navigation: one link per area this user may open. */
export function AppNavbar({ onNavigate }: { onNavigate: () => void }) {
  const user = useSessionUser();
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const sections = navSectionsFor(user);
  const isActive = (to: string) => pathname === to || pathname.startsWith(`${to}/`);

  return (
    <AppShell.Navbar p="sm" aria-label={t('nav.main')}>
      <AppShell.Section grow component={ScrollArea}>
        {sections.map((section) => (
          <div key={section.title}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mt="md" mb={4}>
              {section.title}
            </Text>
            {section.items.map((item) =>
              item.children ? (
                <NavLink
                  key={item.to}
                  label={item.label}
                  leftSection={item.icon}
                  defaultOpened={isActive(item.to)}
                  active={isActive(item.to)}
                  variant="subtle"
                >
                  {item.children.map((child) => (
                    <NavLink
                      key={child.to}
                      component={RouterLink}
                      to={child.to}
                      label={child.label}
                      active={isActive(child.to)}
                      onClick={onNavigate}
                    />
                  ))}
                </NavLink>
              ) : (
                <NavLink
                  key={item.to}
                  component={RouterLink}
                  to={item.to}
                  label={item.label}
                  leftSection={item.icon}
                  active={isActive(item.to)}
                  onClick={onNavigate}
                />
              ),
            )}
          </div>
        ))}
      </AppShell.Section>
      <AppShell.Section>
        <Text size="xs" c="dimmed" px="sm" py="xs">
          {t('shell.signedInAs', { roles: user.roles.map((r) => t(`labels:role.${r}`)).join(', ') })}
        </Text>
      </AppShell.Section>
    </AppShell.Navbar>
  );
}
