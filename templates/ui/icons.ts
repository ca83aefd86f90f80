/**
 * The site's stroke icons: Lucide (https://lucide.dev, ISC licence; the version is pinned
 * in package.json), one import per icon so that only these are loaded, never the whole set.
 * The keys are Lucide's own names, as lucide.dev shows them; schemas/defs.schema.json
 * lists the same names (plus the four brand icons in Icon.tsx) as the enum "icon", and a
 * unit test keeps both in step. To offer another icon: find it on lucide.dev, add its
 * import and entry here and its name to the enum, then run `npm run types && npm run docs`.
 */
import Building from "lucide/dist/esm/icons/building.mjs";
import BuildingComplex from "lucide/dist/esm/icons/building-complex.mjs";
import House from "lucide/dist/esm/icons/house.mjs";
import HouseHeart from "lucide/dist/esm/icons/house-heart.mjs";
import School from "lucide/dist/esm/icons/school.mjs";
import GraduationCap from "lucide/dist/esm/icons/graduation-cap.mjs";
import Store from "lucide/dist/esm/icons/store.mjs";
import DoorOpen from "lucide/dist/esm/icons/door-open.mjs";
import DoorClosed from "lucide/dist/esm/icons/door-closed.mjs";
import Car from "lucide/dist/esm/icons/car.mjs";
import Globe from "lucide/dist/esm/icons/globe.mjs";
import Calendar from "lucide/dist/esm/icons/calendar.mjs";
import CalendarCheck from "lucide/dist/esm/icons/calendar-check.mjs";
import CalendarClock from "lucide/dist/esm/icons/calendar-clock.mjs";
import CalendarPlus from "lucide/dist/esm/icons/calendar-plus.mjs";
import CalendarX from "lucide/dist/esm/icons/calendar-x.mjs";
import PartyPopper from "lucide/dist/esm/icons/party-popper.mjs";
import Ticket from "lucide/dist/esm/icons/ticket.mjs";
import Dumbbell from "lucide/dist/esm/icons/dumbbell.mjs";
import Utensils from "lucide/dist/esm/icons/utensils.mjs";
import ShoppingBag from "lucide/dist/esm/icons/shopping-bag.mjs";
import PawPrint from "lucide/dist/esm/icons/paw-print.mjs";
import Hammer from "lucide/dist/esm/icons/hammer.mjs";
import Users from "lucide/dist/esm/icons/users.mjs";
import UserCheck from "lucide/dist/esm/icons/user-check.mjs";
import UserMinus from "lucide/dist/esm/icons/user-minus.mjs";
import Handshake from "lucide/dist/esm/icons/handshake.mjs";
import Heart from "lucide/dist/esm/icons/heart.mjs";
import HeartCrack from "lucide/dist/esm/icons/heart-crack.mjs";
import ThumbsUp from "lucide/dist/esm/icons/thumbs-up.mjs";
import Briefcase from "lucide/dist/esm/icons/briefcase.mjs";
import Mail from "lucide/dist/esm/icons/mail.mjs";
import MessageSquareText from "lucide/dist/esm/icons/message-square-text.mjs";
import MessagesSquare from "lucide/dist/esm/icons/messages-square.mjs";
import Megaphone from "lucide/dist/esm/icons/megaphone.mjs";
import Newspaper from "lucide/dist/esm/icons/newspaper.mjs";
import Bell from "lucide/dist/esm/icons/bell.mjs";
import BellRing from "lucide/dist/esm/icons/bell-ring.mjs";
import Siren from "lucide/dist/esm/icons/siren.mjs";
import Phone from "lucide/dist/esm/icons/phone.mjs";
import Smartphone from "lucide/dist/esm/icons/smartphone.mjs";
import Headset from "lucide/dist/esm/icons/headset.mjs";
import Monitor from "lucide/dist/esm/icons/monitor.mjs";
import LifeBuoy from "lucide/dist/esm/icons/life-buoy.mjs";
import Wrench from "lucide/dist/esm/icons/wrench.mjs";
import ClipboardList from "lucide/dist/esm/icons/clipboard-list.mjs";
import ListChecks from "lucide/dist/esm/icons/list-checks.mjs";
import Inbox from "lucide/dist/esm/icons/inbox.mjs";
import Route from "lucide/dist/esm/icons/route.mjs";
import Workflow from "lucide/dist/esm/icons/workflow.mjs";
import Clock from "lucide/dist/esm/icons/clock.mjs";
import Hourglass from "lucide/dist/esm/icons/hourglass.mjs";
import RotateCcwClock from "lucide/dist/esm/icons/rotate-ccw-clock.mjs";
import Package from "lucide/dist/esm/icons/package.mjs";
import ScanBarcode from "lucide/dist/esm/icons/scan-barcode.mjs";
import Key from "lucide/dist/esm/icons/key.mjs";
import CreditCard from "lucide/dist/esm/icons/credit-card.mjs";
import CircleDollarSign from "lucide/dist/esm/icons/circle-dollar-sign.mjs";
import ReceiptText from "lucide/dist/esm/icons/receipt-text.mjs";
import Repeat from "lucide/dist/esm/icons/repeat.mjs";
import PiggyBank from "lucide/dist/esm/icons/piggy-bank.mjs";
import ChartLine from "lucide/dist/esm/icons/chart-line.mjs";
import ChartColumn from "lucide/dist/esm/icons/chart-column.mjs";
import TrendingUp from "lucide/dist/esm/icons/trending-up.mjs";
import LayoutDashboard from "lucide/dist/esm/icons/layout-dashboard.mjs";
import Database from "lucide/dist/esm/icons/database.mjs";
import FileText from "lucide/dist/esm/icons/file-text.mjs";
import FolderOpen from "lucide/dist/esm/icons/folder-open.mjs";
import ScrollText from "lucide/dist/esm/icons/scroll-text.mjs";
import Signature from "lucide/dist/esm/icons/signature.mjs";
import BookOpen from "lucide/dist/esm/icons/book-open.mjs";
import Lightbulb from "lucide/dist/esm/icons/lightbulb.mjs";
import Shield from "lucide/dist/esm/icons/shield.mjs";
import ShieldCheck from "lucide/dist/esm/icons/shield-check.mjs";
import ShieldAlert from "lucide/dist/esm/icons/shield-alert.mjs";
import TriangleAlert from "lucide/dist/esm/icons/triangle-alert.mjs";
import BadgeCheck from "lucide/dist/esm/icons/badge-check.mjs";
import Eye from "lucide/dist/esm/icons/eye.mjs";
import EyeOff from "lucide/dist/esm/icons/eye-off.mjs";
import Cctv from "lucide/dist/esm/icons/cctv.mjs";
import Sparkles from "lucide/dist/esm/icons/sparkles.mjs";
import Cpu from "lucide/dist/esm/icons/cpu.mjs";
import Zap from "lucide/dist/esm/icons/zap.mjs";
import Droplets from "lucide/dist/esm/icons/droplets.mjs";
import Layers from "lucide/dist/esm/icons/layers.mjs";
import Blocks from "lucide/dist/esm/icons/blocks.mjs";
import Puzzle from "lucide/dist/esm/icons/puzzle.mjs";
import Check from "lucide/dist/esm/icons/check.mjs";
import ArrowRight from "lucide/dist/esm/icons/arrow-right.mjs";

/** An icon as Lucide ships it: the SVG's child elements, each a tag name and its attributes. */
export type IconNode = readonly (readonly [tag: string, attrs: Readonly<Record<string, string | number>>])[];

export const LUCIDE = {
  // Buildings and places
  "building": Building,
  "building-complex": BuildingComplex,
  "house": House,
  "house-heart": HouseHeart,
  "school": School,
  "graduation-cap": GraduationCap,
  "store": Store,
  "door-open": DoorOpen,
  "door-closed": DoorClosed,
  "car": Car,
  "globe": Globe,
  // Amenities, services and events
  "calendar": Calendar,
  "calendar-check": CalendarCheck,
  "calendar-clock": CalendarClock,
  "calendar-plus": CalendarPlus,
  "calendar-x": CalendarX,
  "party-popper": PartyPopper,
  "ticket": Ticket,
  "dumbbell": Dumbbell,
  "utensils": Utensils,
  "shopping-bag": ShoppingBag,
  "paw-print": PawPrint,
  "hammer": Hammer,
  // People
  "users": Users,
  "user-check": UserCheck,
  "user-minus": UserMinus,
  "handshake": Handshake,
  "heart": Heart,
  "heart-crack": HeartCrack,
  "thumbs-up": ThumbsUp,
  "briefcase": Briefcase,
  // Communication
  "mail": Mail,
  "message-square-text": MessageSquareText,
  "messages-square": MessagesSquare,
  "megaphone": Megaphone,
  "newspaper": Newspaper,
  "bell": Bell,
  "bell-ring": BellRing,
  "siren": Siren,
  "phone": Phone,
  "smartphone": Smartphone,
  "headset": Headset,
  "monitor": Monitor,
  "life-buoy": LifeBuoy,
  // Operations
  "wrench": Wrench,
  "clipboard-list": ClipboardList,
  "list-checks": ListChecks,
  "inbox": Inbox,
  "route": Route,
  "workflow": Workflow,
  "clock": Clock,
  "hourglass": Hourglass,
  "rotate-ccw-clock": RotateCcwClock,
  "package": Package,
  "scan-barcode": ScanBarcode,
  "key": Key,
  // Money
  "credit-card": CreditCard,
  "circle-dollar-sign": CircleDollarSign,
  "receipt-text": ReceiptText,
  "repeat": Repeat,
  "piggy-bank": PiggyBank,
  // Data, documents and insight
  "chart-line": ChartLine,
  "chart-column": ChartColumn,
  "trending-up": TrendingUp,
  "layout-dashboard": LayoutDashboard,
  "database": Database,
  "file-text": FileText,
  "folder-open": FolderOpen,
  "scroll-text": ScrollText,
  "signature": Signature,
  "book-open": BookOpen,
  "lightbulb": Lightbulb,
  // Safety and compliance
  "shield": Shield,
  "shield-check": ShieldCheck,
  "shield-alert": ShieldAlert,
  "triangle-alert": TriangleAlert,
  "badge-check": BadgeCheck,
  "eye": Eye,
  "eye-off": EyeOff,
  "cctv": Cctv,
  // AI, hardware and platform
  "sparkles": Sparkles,
  "cpu": Cpu,
  "zap": Zap,
  "droplets": Droplets,
  "layers": Layers,
  "blocks": Blocks,
  "puzzle": Puzzle,
  // Interface
  "check": Check,
  "arrow-right": ArrowRight,
} satisfies Record<string, IconNode>;

export type LucideName = keyof typeof LUCIDE;
