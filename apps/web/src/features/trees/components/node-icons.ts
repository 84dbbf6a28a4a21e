import {
  IconApi, IconAtom, IconBarbell, IconBinary, IconBolt, IconBook, IconBrain, IconBrandDocker, IconBrandGit,
  IconBrandJavascript, IconBrandPython, IconBrandReact, IconBrandTypescript, IconBriefcase, IconBrush, IconBuilding,
  IconBulb, IconCalculator, IconCalendar, IconCamera, IconCertificate, IconChartBar, IconChartPie, IconCircleCheck,
  IconClock, IconCloud, IconCode, IconCoin, IconCompass, IconComponents, IconCpu, IconDatabase, IconDna, IconFlag,
  IconFlame, IconFlask, IconGitBranch, IconHeadphones, IconHeart, IconHome, IconKey, IconLanguage, IconLayout, IconLeaf,
  IconLock, IconMap, IconMath, IconMessage, IconMicroscope, IconMusic, IconNetwork, IconNotebook, IconPackage,
  IconPalette, IconPencil, IconPlant, IconPresentation, IconPuzzle, IconRobot, IconRocket, IconRun, IconSchool,
  IconServer, IconSettings, IconShield, IconSitemap, IconSparkles, IconSql, IconStar, IconTarget, IconTerminal,
  IconTools, IconTree, IconTrophy, IconUser, IconUsers, IconVideo, IconWand, IconWorld, type Icon,
} from '@tabler/icons-react';

// A curated set rather than all 5,000 Tabler icons: the picker stays searchable and the bundle small.
// Names follow Iconify's `prefix:name` so a configured icon API can serve names outside this set later.
export const NODE_ICONS: Readonly<Record<string, Icon>> = {
  'tabler:school': IconSchool, 'tabler:book': IconBook, 'tabler:notebook': IconNotebook, 'tabler:certificate': IconCertificate,
  'tabler:brain': IconBrain, 'tabler:bulb': IconBulb, 'tabler:target': IconTarget, 'tabler:trophy': IconTrophy,
  'tabler:star': IconStar, 'tabler:flag': IconFlag, 'tabler:circle-check': IconCircleCheck, 'tabler:rocket': IconRocket,
  'tabler:code': IconCode, 'tabler:terminal': IconTerminal, 'tabler:binary': IconBinary, 'tabler:api': IconApi,
  'tabler:database': IconDatabase, 'tabler:sql': IconSql, 'tabler:server': IconServer, 'tabler:cloud': IconCloud,
  'tabler:network': IconNetwork, 'tabler:cpu': IconCpu, 'tabler:git-branch': IconGitBranch, 'tabler:package': IconPackage,
  'tabler:components': IconComponents, 'tabler:layout': IconLayout, 'tabler:sitemap': IconSitemap, 'tabler:robot': IconRobot,
  'tabler:brand-python': IconBrandPython, 'tabler:brand-javascript': IconBrandJavascript,
  'tabler:brand-typescript': IconBrandTypescript, 'tabler:brand-react': IconBrandReact, 'tabler:brand-docker': IconBrandDocker,
  'tabler:brand-git': IconBrandGit, 'tabler:lock': IconLock, 'tabler:shield': IconShield, 'tabler:key': IconKey,
  'tabler:math': IconMath, 'tabler:calculator': IconCalculator, 'tabler:chart-bar': IconChartBar, 'tabler:chart-pie': IconChartPie,
  'tabler:flask': IconFlask, 'tabler:atom': IconAtom, 'tabler:microscope': IconMicroscope, 'tabler:dna': IconDna,
  'tabler:leaf': IconLeaf, 'tabler:plant': IconPlant, 'tabler:tree': IconTree, 'tabler:world': IconWorld,
  'tabler:map': IconMap, 'tabler:compass': IconCompass, 'tabler:language': IconLanguage, 'tabler:message': IconMessage,
  'tabler:users': IconUsers, 'tabler:user': IconUser, 'tabler:presentation': IconPresentation, 'tabler:palette': IconPalette,
  'tabler:brush': IconBrush, 'tabler:pencil': IconPencil, 'tabler:camera': IconCamera, 'tabler:video': IconVideo,
  'tabler:music': IconMusic, 'tabler:headphones': IconHeadphones, 'tabler:run': IconRun, 'tabler:barbell': IconBarbell,
  'tabler:heart': IconHeart, 'tabler:coin': IconCoin, 'tabler:briefcase': IconBriefcase, 'tabler:building': IconBuilding,
  'tabler:home': IconHome, 'tabler:tools': IconTools, 'tabler:settings': IconSettings, 'tabler:puzzle': IconPuzzle,
  'tabler:wand': IconWand, 'tabler:sparkles': IconSparkles, 'tabler:bolt': IconBolt, 'tabler:flame': IconFlame,
  'tabler:clock': IconClock, 'tabler:calendar': IconCalendar,
};

export const NODE_ICON_NAMES = Object.keys(NODE_ICONS);

/** The icon component for a stored name, or null for none or an unknown name. */
export function nodeIcon(name: string | null | undefined): Icon | null {
  return name ? (NODE_ICONS[name] ?? null) : null;
}

/** Preset node colours (the document stores `#rrggbb`). */
export const NODE_COLORS = ['#228be6', '#15aabf', '#12b886', '#40c057', '#82c91e', '#fab005', '#fd7e14', '#fa5252', '#e64980', '#be4bdb', '#7950f2', '#4c6ef5', '#868e96'];
