/**
 * The words of the demo conference: institutions, people's names, paper titles and abstracts, review
 * comments. Every address is under the reserved '.example' top-level domain (RFC 2606), so nothing the demo
 * holds can reach a real mailbox.
 */
import type { DemoRandom } from './demo-random.js';

export interface Institution {
  name: string;
  domain: string;
  country: string;
  /** Which list of names its people are drawn from. */
  names: keyof typeof NAMES;
}

/** Institutions of the generated people (the demo sign-ins have theirs: none of these). */
export const INSTITUTIONS: Institution[] = [
  { name: 'University of Coimbra', domain: 'uc.example', country: 'Portugal', names: 'pt' },
  { name: 'NOVA University Lisbon', domain: 'unl.example', country: 'Portugal', names: 'pt' },
  { name: 'University of São Paulo', domain: 'usp.example', country: 'Brazil', names: 'pt' },
  { name: 'Universidad Politécnica de Madrid', domain: 'upm.example', country: 'Spain', names: 'es' },
  { name: 'University of Barcelona', domain: 'ub.example', country: 'Spain', names: 'es' },
  { name: 'Universidad de Chile', domain: 'uchile.example', country: 'Chile', names: 'es' },
  { name: 'RWTH Aachen University', domain: 'rwth.example', country: 'Germany', names: 'de' },
  { name: 'Saarland University', domain: 'uni-saarland.example', country: 'Germany', names: 'de' },
  { name: 'TU Wien', domain: 'tuwien.example', country: 'Austria', names: 'de' },
  { name: 'Delft University of Technology', domain: 'tudelft.example', country: 'Netherlands', names: 'nl' },
  { name: 'KU Leuven', domain: 'kuleuven.example', country: 'Belgium', names: 'nl' },
  { name: 'Inria', domain: 'inria.example', country: 'France', names: 'fr' },
  { name: 'Université Grenoble Alpes', domain: 'univ-grenoble.example', country: 'France', names: 'fr' },
  { name: 'Sapienza University of Rome', domain: 'uniroma1.example', country: 'Italy', names: 'it' },
  { name: 'University of Bologna', domain: 'unibo.example', country: 'Italy', names: 'it' },
  {
    name: 'Chalmers University of Technology',
    domain: 'chalmers.example',
    country: 'Sweden',
    names: 'nordic',
  },
  { name: 'University of Oslo', domain: 'uio.example', country: 'Norway', names: 'nordic' },
  { name: 'Aalto University', domain: 'aalto.example', country: 'Finland', names: 'nordic' },
  { name: 'IT University of Copenhagen', domain: 'itu.example', country: 'Denmark', names: 'nordic' },
  { name: 'Imperial College London', domain: 'imperial.example', country: 'United Kingdom', names: 'en' },
  { name: 'University of Manchester', domain: 'manchester.example', country: 'United Kingdom', names: 'en' },
  { name: 'Trinity College Dublin', domain: 'tcd.example', country: 'Ireland', names: 'en' },
  { name: 'University of Toronto', domain: 'utoronto.example', country: 'Canada', names: 'en' },
  { name: 'Carnegie Mellon University', domain: 'cmu.example', country: 'United States', names: 'en' },
  { name: 'University of Washington', domain: 'uw.example', country: 'United States', names: 'en' },
  { name: 'University of Melbourne', domain: 'unimelb.example', country: 'Australia', names: 'en' },
  { name: 'Tsinghua University', domain: 'tsinghua.example', country: 'China', names: 'zh' },
  { name: 'Zhejiang University', domain: 'zju.example', country: 'China', names: 'zh' },
  { name: 'National University of Singapore', domain: 'nus.example', country: 'Singapore', names: 'zh' },
  { name: 'University of Tokyo', domain: 'u-tokyo.example', country: 'Japan', names: 'ja' },
  { name: 'Kyoto University', domain: 'kyoto-u.example', country: 'Japan', names: 'ja' },
  { name: 'KAIST', domain: 'kaist.example', country: 'South Korea', names: 'ko' },
  { name: 'Indian Institute of Science', domain: 'iisc.example', country: 'India', names: 'in' },
  { name: 'IIT Bombay', domain: 'iitb.example', country: 'India', names: 'in' },
  { name: 'University of Warsaw', domain: 'uw-pl.example', country: 'Poland', names: 'pl' },
  {
    name: 'Czech Technical University in Prague',
    domain: 'cvut.example',
    country: 'Czech Republic',
    names: 'pl',
  },
  { name: 'Aristotle University of Thessaloniki', domain: 'auth.example', country: 'Greece', names: 'gr' },
  { name: 'Middle East Technical University', domain: 'metu.example', country: 'Turkey', names: 'tr' },
  { name: 'Bosch Research', domain: 'bosch-research.example', country: 'Germany', names: 'de' },
  { name: 'Nokia Bell Labs', domain: 'bell-labs.example', country: 'Finland', names: 'nordic' },
];

export const NAMES = {
  pt: {
    first: [
      'Ana',
      'João',
      'Beatriz',
      'Miguel',
      'Inês',
      'Rui',
      'Catarina',
      'Pedro',
      'Mariana',
      'Tiago',
      'Sofia',
      'Luís',
    ],
    last: [
      'Silva',
      'Costa',
      'Pereira',
      'Oliveira',
      'Rodrigues',
      'Almeida',
      'Carvalho',
      'Sousa',
      'Martins',
      'Lopes',
    ],
  },
  es: {
    first: ['Lucía', 'Javier', 'Carmen', 'Diego', 'Elena', 'Pablo', 'Marta', 'Alejandro', 'Laura', 'Sergio'],
    last: [
      'García',
      'Fernández',
      'López',
      'Martínez',
      'Sánchez',
      'Romero',
      'Navarro',
      'Torres',
      'Ruiz',
      'Castro',
    ],
  },
  de: {
    first: ['Anna', 'Felix', 'Katharina', 'Lukas', 'Julia', 'Maximilian', 'Laura', 'Tobias', 'Sarah', 'Jan'],
    last: [
      'Müller',
      'Schmidt',
      'Schneider',
      'Weber',
      'Wagner',
      'Becker',
      'Hoffmann',
      'Koch',
      'Richter',
      'Wolf',
    ],
  },
  nl: {
    first: ['Sanne', 'Daan', 'Lotte', 'Bram', 'Eva', 'Thijs', 'Femke', 'Ruben', 'Anouk', 'Joost'],
    last: ['de Jong', 'Jansen', 'Bakker', 'Visser', 'Smit', 'Meijer', 'Mulder', 'Bos', 'Vos', 'Peeters'],
  },
  fr: {
    first: ['Camille', 'Louis', 'Chloé', 'Hugo', 'Manon', 'Antoine', 'Léa', 'Julien', 'Claire', 'Mathieu'],
    last: [
      'Martin',
      'Bernard',
      'Dubois',
      'Thomas',
      'Robert',
      'Richard',
      'Petit',
      'Durand',
      'Leroy',
      'Moreau',
    ],
  },
  it: {
    first: [
      'Giulia',
      'Marco',
      'Francesca',
      'Luca',
      'Chiara',
      'Alessandro',
      'Sara',
      'Matteo',
      'Elisa',
      'Davide',
    ],
    last: [
      'Rossi',
      'Russo',
      'Ferrari',
      'Esposito',
      'Bianchi',
      'Colombo',
      'Ricci',
      'Marino',
      'Greco',
      'Conti',
    ],
  },
  nordic: {
    first: ['Emma', 'Oskar', 'Ingrid', 'Erik', 'Astrid', 'Mikael', 'Freja', 'Lars', 'Sigrid', 'Henrik'],
    last: [
      'Andersson',
      'Johansson',
      'Nilsen',
      'Hansen',
      'Virtanen',
      'Korhonen',
      'Lindqvist',
      'Dahl',
      'Berg',
      'Holm',
    ],
  },
  en: {
    first: [
      'Emily',
      'James',
      'Olivia',
      'Daniel',
      'Grace',
      'Samuel',
      'Hannah',
      'Thomas',
      'Charlotte',
      'Michael',
    ],
    last: ['Smith', 'Johnson', 'Brown', 'Taylor', 'Wilson', 'Clarke', 'Walker', 'Wright', 'Hughes', 'Murphy'],
  },
  zh: {
    first: ['Wei', 'Jing', 'Hao', 'Xin', 'Yu', 'Lei', 'Mei', 'Jun', 'Ying', 'Chen'],
    last: ['Wang', 'Li', 'Zhang', 'Liu', 'Chen', 'Yang', 'Huang', 'Zhao', 'Wu', 'Zhou'],
  },
  ja: {
    first: ['Haruto', 'Yui', 'Sota', 'Aoi', 'Ren', 'Hina', 'Kaito', 'Sakura', 'Takumi', 'Mei'],
    last: [
      'Sato',
      'Suzuki',
      'Takahashi',
      'Tanaka',
      'Watanabe',
      'Ito',
      'Yamamoto',
      'Nakamura',
      'Kobayashi',
      'Kato',
    ],
  },
  ko: {
    first: ['Minjun', 'Seoyeon', 'Jiho', 'Haeun', 'Dohyun', 'Jiwoo', 'Yejin', 'Hyunwoo', 'Soyeon', 'Taeyang'],
    last: ['Kim', 'Lee', 'Park', 'Choi', 'Jung', 'Kang', 'Cho', 'Yoon', 'Jang', 'Lim'],
  },
  in: {
    first: ['Aarav', 'Priya', 'Vivek', 'Ananya', 'Rohan', 'Kavya', 'Arjun', 'Meera', 'Siddharth', 'Nisha'],
    last: ['Sharma', 'Patel', 'Iyer', 'Reddy', 'Nair', 'Gupta', 'Menon', 'Rao', 'Kumar', 'Singh'],
  },
  pl: {
    first: [
      'Zofia',
      'Jakub',
      'Agnieszka',
      'Tomasz',
      'Magdalena',
      'Piotr',
      'Katarzyna',
      'Michał',
      'Tereza',
      'Ondřej',
    ],
    last: [
      'Nowak',
      'Kowalski',
      'Wiśniewska',
      'Wójcik',
      'Kamińska',
      'Lewandowski',
      'Novák',
      'Svoboda',
      'Dvořák',
      'Král',
    ],
  },
  gr: {
    first: [
      'Eleni',
      'Giorgos',
      'Maria',
      'Nikos',
      'Katerina',
      'Dimitris',
      'Sofia',
      'Kostas',
      'Ioanna',
      'Yannis',
    ],
    last: [
      'Papadopoulos',
      'Georgiou',
      'Nikolaou',
      'Dimitriou',
      'Konstantinou',
      'Pappas',
      'Vlachos',
      'Angelou',
      'Makris',
      'Ioannou',
    ],
  },
  tr: {
    first: ['Elif', 'Mehmet', 'Zeynep', 'Emre', 'Ayşe', 'Can', 'Deniz', 'Burak', 'Selin', 'Kerem'],
    last: ['Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Yıldız', 'Aydın', 'Öztürk', 'Arslan', 'Doğan'],
  },
} as const satisfies Record<string, { first: readonly string[]; last: readonly string[] }>;

/** 'Wiśniewska' → 'wisniewska', 'de Jong' → 'dejong': the local part of an address. */
export function asciiSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ı/g, 'i')
    .replace(/ł/g, 'l')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

// ----- titles and abstracts

interface Topic {
  /** What is done ("Incremental Symbolic Execution"). */
  methods: string[];
  /** What it is done to or for ("Smart Contracts"). */
  subjects: string[];
  patterns: string[];
}

const SE: Topic = {
  methods: [
    'Incremental Symbolic Execution',
    'Property-Based Testing',
    'Mutation Analysis',
    'Differential Fuzzing',
    'Program Slicing',
    'Static Taint Analysis',
    'Automated Program Repair',
    'Regression Test Selection',
    'Type-Directed Refactoring',
    'Log-Based Anomaly Detection',
    'Bounded Model Checking',
    'Flaky Test Detection',
    'Dependency Graph Mining',
    'Code Review Automation',
    'Contract-Based Verification',
  ],
  subjects: [
    'Microservice Architectures',
    'Smart Contracts',
    'Infrastructure-as-Code Scripts',
    'Android Applications',
    'Rust Libraries',
    'Legacy COBOL Systems',
    'Machine Learning Pipelines',
    'Embedded Controllers',
    'REST APIs',
    'Build Systems',
    'Open-Source Ecosystems',
    'Serverless Functions',
  ],
  patterns: [
    '{M} for {S}',
    '{M} of {S} at Scale',
    'Towards Practical {M} for {S}',
    'Scaling {M} to {S}',
    '{M} in Practice: Lessons from {S}',
    'When {M} Meets {S}',
    'Cost-Effective {M} for {S}',
    'Lightweight {M} for {S}',
  ],
};

const DM: Topic = {
  methods: [
    'Learned Cardinality Estimation',
    'Adaptive Query Processing',
    'Incremental View Maintenance',
    'Approximate Join Processing',
    'Fine-Grained Provenance Tracking',
    'Online Schema Evolution',
    'Declarative Data Cleaning',
    'Vector Similarity Search',
    'Workload-Aware Partitioning',
    'Lock-Free Indexing',
    'Federated Query Planning',
    'Compressed Execution',
  ],
  subjects: [
    'Column Stores',
    'Time-Series Databases',
    'Data Lakes',
    'Graph Databases',
    'Key-Value Stores',
    'Scientific Workflows',
    'Spreadsheet Data',
    'Knowledge Graphs',
    'Event Streams',
    'Multi-Tenant Cloud Databases',
  ],
  patterns: [
    '{M} for {S}',
    '{M} in {S}',
    'Robust {M} for {S}',
    'Revisiting {M} in {S}',
    '{M} over {S}: Design and Evaluation',
    'Fast and Exact {M} for {S}',
    'Self-Tuning {M} for {S}',
  ],
};

const HCI: Topic = {
  methods: [
    'Accessible Data Visualisations',
    'Voice Assistants',
    'Mixed-Reality Workspaces',
    'Haptic Feedback',
    'Conversational Agents',
    'Adaptive Notifications',
    'Gesture Interfaces',
    'Privacy Dashboards',
    'Tangible Programming Tools',
    'Explainable Recommendations',
  ],
  subjects: [
    'Blind Programmers',
    'Older Adults',
    'Remote Teams',
    'Clinicians',
    'Novice Data Analysts',
    'Museum Visitors',
    'Teenagers',
    'Citizen Scientists',
    'Software Maintainers',
  ],
  patterns: [
    'Designing {M} for {S}',
    'Understanding How {S} Use {M}',
    '{M} for {S}: A Field Deployment',
    'Co-Designing {M} with {S}',
    'What {S} Expect from {M}',
    '{M} and {S}: A Mixed-Methods Investigation',
  ],
};

const TOOL_NAMES = [
  'Kestrel',
  'Lumen',
  'Graphene',
  'Tessera',
  'Quill',
  'Marlin',
  'Sextant',
  'Driftwood',
  'Halyard',
  'Beacon',
  'Fathom',
  'Lantern',
  'Sparrow',
  'Mosaic',
  'Ember',
  'Atlas',
];

const TOOLS: Topic = {
  methods: [...SE.methods, ...DM.methods.slice(0, 6)],
  subjects: [...SE.subjects, ...DM.subjects.slice(0, 5)],
  patterns: [
    '{T}: Interactive {M} for {S}',
    '{T}: A Tool for {M} of {S}',
    '{T}: {M} for {S} in the IDE',
    '{T}: Browser-Based {M} for {S}',
  ],
};

const WIP: Topic = {
  methods: [...SE.methods, ...DM.methods, ...HCI.methods.slice(0, 4)],
  subjects: [...SE.subjects, ...DM.subjects],
  patterns: [
    'Towards {M} for {S}',
    'Early Results on {M} for {S}',
    'Can {M} Help {S}? Preliminary Evidence',
    'A Vision for {M} in {S}',
  ],
};

const DOCTORAL: Topic = {
  methods: [...SE.methods, ...DM.methods, ...HCI.methods],
  subjects: [...SE.subjects, ...DM.subjects, ...HCI.subjects],
  patterns: [
    '{M} for {S}: A Doctoral Research Plan',
    'Towards {M} for {S}',
    'Rethinking {M} for {S}',
    'Principled {M} for {S}',
  ],
};

const TUTORIAL: Topic = {
  methods: [...SE.methods, ...DM.methods],
  subjects: [...SE.subjects, ...DM.subjects],
  patterns: [
    'Hands-On {M} for {S} with {T}',
    'A Practical Introduction to {M} for {S}',
    '{M} for {S}: From Theory to Practice',
  ],
};

/** Topics per subject area, in the order of the demo tracks' subject areas. */
export const TOPICS_BY_TRACK: Topic[][] = [[SE, DM, HCI], [TOOLS, WIP], [DOCTORAL, DOCTORAL], [TUTORIAL]];

export interface PaperText {
  title: string;
  abstract: string;
  method: string;
  subject: string;
}

/** A title (fresh: not in `used`) and its abstract for a paper of this track and subject area. */
export function paperText(rng: DemoRandom, track: number, area: number, used: Set<string>): PaperText {
  const topic = TOPICS_BY_TRACK[track]![area]!;
  for (let attempt = 0; ; attempt++) {
    const method = rng.pick(topic.methods);
    const subject = rng.pick(topic.subjects);
    const tool = rng.pick(TOOL_NAMES);
    let title = rng.pick(topic.patterns).replace('{M}', method).replace('{S}', subject).replace('{T}', tool);
    if (attempt > 40) title = `${title} (${attempt - 40 + 1})`;
    if (used.has(title.toLowerCase())) continue;
    used.add(title.toLowerCase());
    return { title, abstract: abstractOf(rng, method, subject, tool, track), method, subject };
  }
}

function abstractOf(rng: DemoRandom, method: string, subject: string, tool: string, track: number): string {
  const m = method.toLowerCase();
  const s = subject.toLowerCase();
  const n = rng.int(12, 180);
  const gain = rng.int(11, 64);
  const opening = rng.pick([
    `${subject} are now central to how organisations build and run software, yet ${m} for them remains difficult to apply.`,
    `Practitioners working with ${s} increasingly rely on ${m}, but existing approaches were designed for much smaller settings.`,
    `Despite a decade of progress, ${m} is rarely used on ${s}, because its cost and its false alarms are hard to predict.`,
  ]);
  const gap = rng.pick([
    `Current techniques either sacrifice precision for speed or require annotations that developers are unwilling to write.`,
    `Prior work evaluates on synthetic benchmarks, leaving open how the results transfer to real ${s}.`,
    `Existing tools treat each change in isolation and repeat work that earlier runs have already done.`,
  ]);
  const contribution =
    track === 1
      ? `We present ${tool}, an open-source tool that brings ${m} to ${s} with a short setup and an interactive report.`
      : track === 2
        ? `This doctoral project proposes a principled approach to ${m} for ${s} and outlines a three-year plan of studies and prototypes.`
        : rng.pick([
            `We present an approach that reuses intermediate results across runs and prioritises the parts of ${s} most likely to matter.`,
            `We propose a framework that combines lightweight static information with targeted dynamic checks.`,
            `We introduce a model of ${s} that makes ${m} incremental and explainable.`,
          ]);
  const evaluation =
    track === 2
      ? `Preliminary results on ${n} ${rng.pick(['projects', 'participants', 'datasets'])} suggest a ${gain}% improvement over the state of the practice.`
      : `An evaluation on ${n} ${rng.pick(['open-source projects', 'industrial systems', 'datasets', 'participants'])} shows a ${gain}% improvement over the strongest baseline${rng.chance(0.5) ? ' at a fraction of its cost' : ''}.`;
  const closing = rng.pick([
    `We discuss the threats to validity and release our artefacts for replication.`,
    `We conclude with lessons for tool builders and open problems for the community.`,
    `All data and scripts are publicly available.`,
  ]);
  return [opening, gap, contribution, evaluation, closing].join(' ');
}

// ----- reviews

export const REVIEW_COMMENTS = {
  positive: [
    'The paper is well written and the problem is clearly motivated. The evaluation is convincing and the artefact is a welcome contribution.',
    'A solid contribution with a careful evaluation. I would like to see a short discussion of the limitations of the approach in the final version.',
    'Novel idea, clearly presented. The comparison with the baselines is fair and the results are significant.',
    'The approach is elegant and the empirical study is thorough. Minor: some figures are hard to read in print.',
  ],
  mixed: [
    'The topic is relevant, but the evaluation relies on a small number of subjects. Please clarify how the subjects were selected.',
    'Interesting idea with promising results. The related work section misses recent work on incremental analysis; the threats to validity need more detail.',
    'The contribution is incremental over prior work, but the engineering effort is substantial and the tool may be useful to practitioners.',
  ],
  negative: [
    'The paper addresses an important problem, but the claims are not supported by the evaluation, which uses a single synthetic benchmark.',
    'The novelty over existing approaches is unclear and the presentation needs substantial work before publication.',
    'The approach is not compared with the obvious baselines, and several design decisions are not justified.',
  ],
  chair: [
    'Confident in my assessment.',
    'I am not an expert in this sub-area; please weigh my review accordingly.',
    'Borderline; happy to be convinced by the other reviewers.',
    'Strong paper, would support it in the discussion.',
    'I have doubts about the novelty; see my comments to the authors.',
  ],
};

/** Session titles per track and subject area (a numeral is added when the names run out). */
export const AREA_SESSION_TITLES: string[][][] = [
  [
    ['Testing and Verification', 'Program Analysis', 'Software Evolution', 'Empirical Software Engineering'],
    ['Query Processing', 'Data Integration and Cleaning', 'Storage and Indexing'],
    ['Accessibility', 'Collaboration and Communication', 'Interaction Techniques'],
  ],
  [['Tool Demonstrations'], ['Work in Progress']],
  [['Doctoral Symposium'], ['Doctoral Symposium']],
  [['Tutorials']],
];
