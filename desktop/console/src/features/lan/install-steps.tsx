import { Code, List, Tabs, Text } from '@mantine/core';
import { IconBrandAndroid, IconBrandApple, IconBrandUbuntu, IconBrandWindows, IconDeviceMobile } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface Platform {
  value: string;
  label: string;
  icon: ReactNode;
  steps: ReactNode[];
  note?: ReactNode;
}

const PLATFORMS: Platform[] = [
  {
    value: 'android',
    label: 'Android',
    icon: <IconBrandAndroid size={16} />,
    steps: [
      <>Tap <b>Download certificate (.crt)</b> above. If Chrome asks, keep the file.</>,
      <>Open <b>Settings</b> and search for <b>CA certificate</b> (usually Security &amp; privacy → More security settings → Encryption &amp; credentials → Install a certificate → <b>CA certificate</b>).</>,
      <>Tap <b>Install anyway</b>, confirm with your screen lock, and pick <Code>muster-ca.crt</Code> from Downloads.</>,
      <>Open the Muster address again in Chrome: the padlock shows and the warning is gone.</>,
    ],
    note: <>Menus differ a little between phone makers; searching Settings for “certificate” always finds the place.</>,
  },
  {
    value: 'ios',
    label: 'iPhone & iPad',
    icon: <IconDeviceMobile size={16} />,
    steps: [
      <>Open this page in <b>Safari</b> and tap <b>Download certificate (.crt)</b>, then <b>Allow</b>.</>,
      <>Open <b>Settings</b>: tap <b>Profile Downloaded</b> near the top (or General → VPN &amp; Device Management), then <b>Install</b> and enter your passcode.</>,
      <>Go to <b>Settings → General → About → Certificate Trust Settings</b> and switch on full trust for <b>Muster local CA</b>.</>,
      <>Open the Muster address again in Safari or Chrome.</>,
    ],
    note: <>The last step is easy to miss: without it the phone keeps warning.</>,
  },
  {
    value: 'windows',
    label: 'Windows',
    icon: <IconBrandWindows size={16} />,
    steps: [
      <>Click <b>Download certificate (.crt)</b> and open the downloaded <Code>muster-ca.crt</Code>.</>,
      <>Click <b>Install Certificate…</b>, choose <b>Current User</b>, then <b>Place all certificates in the following store</b> → Browse → <b>Trusted Root Certification Authorities</b>.</>,
      <>Click Finish. Windows shows a security warning with a <b>Thumbprint</b>: it must equal the SHA-1 thumbprint shown here. Then click Yes.</>,
      <>Restart the browser (Edge, Chrome and Firefox all use the Windows store) and open the Muster address.</>,
    ],
  },
  {
    value: 'macos',
    label: 'macOS',
    icon: <IconBrandApple size={16} />,
    steps: [
      <>Click <b>Download certificate (.crt)</b> and double-click the downloaded file: Keychain Access adds it to your login keychain.</>,
      <>In Keychain Access, double-click <b>Muster local CA</b>, open <b>Trust</b>, and set <b>When using this certificate</b> to <b>Always Trust</b>. Close the window and enter your password.</>,
      <>Safari and Chrome trust it at once. For Firefox: Settings → Privacy &amp; Security → Certificates → View Certificates → Authorities → Import, and tick “Trust this CA to identify websites”.</>,
    ],
  },
  {
    value: 'linux',
    label: 'Linux',
    icon: <IconBrandUbuntu size={16} />,
    steps: [
      <>Click <b>PEM file (Linux, Firefox)</b> to download <Code>muster-ca.pem</Code>.</>,
      <>Chrome or Chromium: Settings → Privacy and security → Security → Manage certificates → <b>Authorities</b> → Import → pick <Code>muster-ca.pem</Code> and tick “Trust this certificate for identifying websites”.</>,
      <>Firefox: Settings → Privacy &amp; Security → Certificates → View Certificates → <b>Authorities</b> → Import, and tick “Trust this CA to identify websites”.</>,
      <>For the whole PC (Debian, Ubuntu): <Code>sudo cp muster-ca.pem /usr/local/share/ca-certificates/muster-ca.crt && sudo update-ca-certificates</Code></>,
    ],
  },
];

/** Step-by-step installation of the CA certificate, one tab per kind of device. */
export function InstallSteps() {
  return (
    <Tabs defaultValue="android" keepMounted={false}>
      <Tabs.List>
        {PLATFORMS.map((p) => (
          <Tabs.Tab key={p.value} value={p.value} leftSection={p.icon}>
            {p.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {PLATFORMS.map((p) => (
        <Tabs.Panel key={p.value} value={p.value} pt="md">
          <List type="ordered" spacing="xs" size="sm">
            {p.steps.map((step, i) => (
              <List.Item key={i}>{step}</List.Item>
            ))}
          </List>
          {p.note && (
            <Text size="sm" c="dimmed" mt="sm">
              {p.note}
            </Text>
          )}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
