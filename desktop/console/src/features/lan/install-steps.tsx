import { Code, List, Tabs, Text } from '@mantine/core';
import { IconBrandAndroid, IconBrandApple, IconBrandUbuntu, IconBrandWindows, IconDeviceMobile } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';

interface Platform {
  /** Also the catalogue's key under `lanTrust.install`. */
  value: 'android' | 'ios' | 'windows' | 'macos' | 'linux';
  icon: ReactNode;
  steps: number;
  note?: boolean;
}

const PLATFORMS: Platform[] = [
  { value: 'android', icon: <IconBrandAndroid size={16} />, steps: 4, note: true },
  { value: 'ios', icon: <IconDeviceMobile size={16} />, steps: 4, note: true },
  { value: 'windows', icon: <IconBrandWindows size={16} />, steps: 4 },
  { value: 'macos', icon: <IconBrandApple size={16} />, steps: 3 },
  { value: 'linux', icon: <IconBrandUbuntu size={16} />, steps: 4 },
];

// A shell command is typed as it is in every language: an argument, not a translator's text.
const SYSTEM_WIDE = 'sudo cp muster-ca.pem /usr/local/share/ca-certificates/muster-ca.crt && sudo update-ca-certificates';

/** Step-by-step installation of the CA certificate, one tab per kind of device. */
export function InstallSteps() {
  const { t } = useTranslation('employee');
  // Button names and menu paths are bold, file names and commands code, inside one sentence per step.
  const marks = { b: <b />, code: <Code /> };
  return (
    <Tabs defaultValue="android" keepMounted={false}>
      <Tabs.List>
        {PLATFORMS.map((p) => (
          <Tabs.Tab key={p.value} value={p.value} leftSection={p.icon}>
            {t(`lanTrust.install.${p.value}.label`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {PLATFORMS.map((p) => (
        <Tabs.Panel key={p.value} value={p.value} pt="md">
          <List type="ordered" spacing="xs" size="sm">
            {Array.from({ length: p.steps }, (_, i) => (
              <List.Item key={i}>
                <Trans t={t} i18nKey={`lanTrust.install.${p.value}.s${i + 1}`} values={{ command: SYSTEM_WIDE }} components={marks} />
              </List.Item>
            ))}
          </List>
          {p.note && (
            <Text size="sm" c="dimmed" mt="sm">
              {t(`lanTrust.install.${p.value}.note`)}
            </Text>
          )}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
